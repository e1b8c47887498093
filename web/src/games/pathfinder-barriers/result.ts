// How the barrier game ends: the first seeker to find the other's pawn wins.
import type { BoardState } from "../types";

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || (v.winner !== 0 && v.winner !== 1) || !Array.isArray(v.seats)) return null;
  return `${v.seats[v.winner]} found ${v.seats[1 - v.winner]}'s pawn and wins.`;
}
