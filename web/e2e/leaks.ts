// What one seat must never see of another: the values in the other seat's view that differ from
// this seat's view at the same place, minus anything this seat knows anyway (its own view, its
// legal moves, its log). Used by the two-browser test against each page's whole DOM.
import type { BoardState } from "../src/games/types";

type Json = unknown;

/** Every leaf (string or number) of `other` whose value differs from `mine` at the same path. */
export function differingLeaves(other: Json, mine: Json, out: Set<string> = new Set()): Set<string> {
  if (other === null || other === undefined) return out;
  if (typeof other === "string" || typeof other === "number") {
    if (other !== mine) out.add(String(other));
    return out;
  }
  if (typeof other !== "object") return out;
  for (const [key, value] of Object.entries(other as Record<string, Json>)) {
    const theirs = mine !== null && typeof mine === "object" ? (mine as Record<string, Json>)[key] : undefined;
    differingLeaves(value, theirs, out);
  }
  return out;
}

function allLeaves(value: Json, out: string[] = []): string[] {
  if (typeof value === "string" || typeof value === "number") out.push(String(value));
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) allLeaves(v, out);
  return out;
}

/**
 * The other seat's secrets as text that could only be on this page by a leak: at least three
 * characters (a lone digit or letter is on every page) and not part of anything this seat knows.
 */
export function secretsOf(other: BoardState, mine: BoardState): string[] {
  const known = [...allLeaves(mine.view), ...mine.legal, ...mine.events.map((e) => e.text)];
  return [...differingLeaves(other.view, mine.view)]
    .filter((s) => s.length >= 3 && !/^\d+$/.test(s))
    .filter((s) => !known.some((k) => k.includes(s)));
}

/** The secrets found in `html` (the page's DOM): empty when nothing leaked. */
export function leakedInto(html: string, secrets: string[]): string[] {
  return secrets.filter((s) => html.includes(s) || html.includes(escapeHtml(s)));
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
