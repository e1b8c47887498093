// How a Treasure Hunt ends: the most diamonds (points) wins (docs/rules/treasure-hunt.md).
import type { BoardState } from "../types";

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || !Array.isArray(v.scores) || !Array.isArray(v.seats)) return null;
  const [a, b] = v.scores as number[];
  if (v.winner !== 0 && v.winner !== 1) return `A draw, ${a}–${b} points.`;
  const w = v.winner as number;
  return `${v.seats[w]} wins ${v.scores[w]}–${v.scores[1 - w]} points.`;
}
