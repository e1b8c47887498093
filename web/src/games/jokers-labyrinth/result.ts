// How a Joker's Labyrinth game ends: the first player holding both Jokers wins; a round limit
// (or the engine's safeguard on endless games) ends it in a draw.
import type { BoardState } from "../types";
import { playerName } from "../seat-names";

interface PlayerView { seat: string; jokers: number }

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || !Array.isArray(v.players)) return null;
  const players = v.players as PlayerView[];
  const jokers = players.map((p) => p.jokers).join("–");
  if (typeof v.winner === "number" && v.winner >= 0 && players[v.winner]) {
    return `${playerName(v.winner)} holds both Jokers and wins.`;
  }
  const limit = Number(state.options.roundLimit ?? 0);
  const round = v.turn?.round;
  if (limit > 0 && typeof round === "number" && round >= limit) {
    return `Draw: round limit ${limit} reached, Jokers ${jokers}.`;
  }
  return `Draw: the game ran too long and was stopped, Jokers ${jokers}.`;
}
