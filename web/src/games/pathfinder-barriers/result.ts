// How the barrier game ends: the first seeker to find the other's pawn wins, told with the turns
// each searched (the terminal's words, src/games/pathfinder_barriers/render.cpp).
import type { BoardState } from "../types";

const turns = (n: number) => `${n} turn${n === 1 ? "" : "s"}`;

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || (v.winner !== 0 && v.winner !== 1) || !Array.isArray(v.seats)) return null;
  const w = v.winner as number;
  const searched = (seat: number) => Number(v.tracking?.[seat]?.turns ?? 0);
  return `${v.seats[w]} found ${v.seats[1 - w]}'s pawn in ${turns(searched(w))} and wins; `
    + `${v.seats[1 - w]} searched for ${turns(searched(1 - w))}.`;
}
