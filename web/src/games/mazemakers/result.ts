// How a MazeMakers game ends: whoever leaves by START with three artifacts, in that round, wins;
// with nobody out it ends in a draw when everyone is dead or the round limit is reached.
import type { BoardState } from "../types";

interface PlayerView { seat: string; alive: boolean; exited: boolean; artifacts: number }

const playerName = (seat: string) => seat.replace(/^P(\d+)$/, "Player $1");

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || !Array.isArray(v.players)) return null;
  const players = v.players as PlayerView[];
  const winners = (Array.isArray(v.winners) ? v.winners : []) as string[];
  if (winners.length > 0) {
    const names = winners.map(playerName);
    const who = names.length === 1 ? `${names[0]} wins` : `${names.join(" and ")} share the win`;
    return `${who}: out by START with three artifacts.`;
  }
  const artifacts = players.map((p) => p.artifacts).join("–");
  if (players.every((p) => !p.alive)) return `Draw: nobody is left alive (artifacts ${artifacts}).`;
  return `Draw: the round limit of ${v.round_limit} was reached with nobody out (artifacts ${artifacts}).`;
}
