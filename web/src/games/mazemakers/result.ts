// How a MazeMakers game ends: whoever leaves the maze by START with three artifacts, in that
// round, wins, told with the health they leave with (together when several leave in one round,
// unless the tie-break option keeps the healthiest or the roll-off's winner); with nobody out it
// ends in a draw when everyone is dead or the round limit is reached. The terminal's words
// (src/games/mazemakers/render.cpp, describe_result).
import type { BoardState } from "../types";
import { spelledSeat } from "../seat-names";

interface PlayerView { seat: string; alive: boolean; exited: boolean; artifacts: number; health: number }

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || !Array.isArray(v.players)) return null;
  const players = v.players as PlayerView[];
  const winners = (Array.isArray(v.winners) ? v.winners : []) as string[];
  if (winners.length > 0) {
    const out = players.filter((p) => winners.includes(p.seat));
    const names = out.map((p) => spelledSeat(p.seat));
    if (names.length > 1) {
      return `${names.join(" and ")} share the win: they left the maze by START with three artifacts in the same round.`;
    }
    const alsoOut = players.filter((p) => p.exited && !winners.includes(p.seat)).map((p) => spelledSeat(p.seat));
    const tie = alsoOut.length === 0 ? ""
      : `; ${alsoOut.join(" and ")} also got out in that round but ${state.options.tieBreak === "rolloff"
        ? "lost the roll-off" : "with less health"}`;
    return `${names[0]} wins: left the maze by START with three artifacts and ${out[0]?.health ?? 0} health${tie}.`;
  }
  const artifacts = players.map((p) => p.artifacts).join("–");
  if (players.every((p) => !p.alive)) return `Draw: nobody is left alive (artifacts ${artifacts}).`;
  return `Draw: the round limit of ${v.round_limit} was reached with nobody out (artifacts ${artifacts}).`;
}
