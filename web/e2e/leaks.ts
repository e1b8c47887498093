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
 * The other seat's secrets as text that could only be on this page by a leak: at least two
 * characters with a letter (a lone digit or letter, or a number, is on every page) and not part of
 * anything this seat knows.
 */
export function secretsOf(other: BoardState, mine: BoardState): string[] {
  const known = [...allLeaves(mine.view), ...mine.legal, ...mine.events.map((e) => e.text)];
  return [...differingLeaves(other.view, mine.view)]
    .filter((s) => s.length >= 2 && /[A-Za-z]/.test(s))
    .filter((s) => !known.some((k) => k.includes(s)));
}

/**
 * The secrets found in `html` (the page's DOM) as whole tokens: "KC" counts in `data-card="KC"`
 * or "KC" as text, not inside "7KCX" or SVG path data such as "M3 7H12". Empty when nothing leaked.
 */
export function leakedInto(html: string, secrets: string[]): string[] {
  return secrets.filter((s) => [s, escapeHtml(s)].some((form) => asToken(form).test(html)));
}

/** Where each leaked secret is in `html`, with some context, for the failure message. */
export function leakContext(html: string, leaked: string[]): string[] {
  return leaked.map((s) => {
    const at = html.search(asToken(s));
    return `${s}: …${html.slice(Math.max(0, at - 120), at + s.length + 60)}…`;
  });
}

/**
 * The page without the values of its data-* attributes. Boards name every square, slot and card
 * position they draw in data-* attributes (their click targets); those names are the public
 * geometry of the game, known to everyone, so a secret that is also a position's name ("D-1|D-2",
 * a barrier slot) would be found on every page. A leak in words, labels, titles or a dumped view
 * is still found.
 */
export function withoutDataAttributes(html: string): string {
  return html.replace(/\sdata-[\w-]+="[^"]*"/g, "");
}

function asToken(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9])${escaped}(?![A-Za-z0-9])`);
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
