// How a Treasure Hunt ends: the most points wins, a diamond scoring its rank
// (docs/rules/treasure-hunt.md), and why it ended: the King of Diamonds scored, a player at the
// target score (specialized deck), or the turn limit. The terminal's words
// (src/games/treasure_hunt/render.cpp, describe_result).
import type { BoardState } from "../types";

/** The 13 diamonds of the standard deck hold 91 points: both scores add up to it only once the
 * King is scored. */
const ALL_DIAMONDS = 91;

function endReason(state: BoardState, a: number, b: number): string {
  const v = state.view;
  if (v.deck === "specialized") {
    const target = Number(v.target_score ?? state.options.targetScore ?? 0);
    if (Math.max(a, b) >= target) return `the target of ${target} points was reached`;
  } else if (a + b === ALL_DIAMONDS) {
    return "the King of Diamonds was scored";
  }
  return `the turn limit of ${Number(state.options.turnLimit ?? 0)} was reached`;
}

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || !Array.isArray(v.scores) || !Array.isArray(v.seats)) return null;
  const [a, b] = (v.scores as number[]).map(Number);
  const why = endReason(state, a, b);
  if (v.winner !== 0 && v.winner !== 1) return `A draw, ${a}–${b} points: ${why}.`;
  const w = v.winner as number;
  return `${v.seats[w]} wins ${v.scores[w]}–${v.scores[1 - w]} points: ${why}.`;
}
