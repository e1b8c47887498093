// The last moves, read from the event log as this observer was told it: the latest two runs of
// one player's decisions (typically the opponent's last turn and the turn in progress), so that
// both "what just happened" and "where I am going" stay visible.
import type { GameEvent } from "../types";
import { classify } from "./notation";

export interface RecentMoves {
  /** Step paths, one per run, each the squares entered in order ("start" included). */
  paths: { seat: number; squares: string[] }[];
  /** Walls placed or moved (piece letters) and holes or walls that received coins. */
  walls: string[];
  /** Tile positions involved in relocations and fills (No-Pentominos). */
  positions: string[];
}

/** Splits the log's tail into runs of one seat's decisions; chance and block answers do not split. */
function lastRuns(events: GameEvent[], count: number): GameEvent[][] {
  const runs: GameEvent[][] = [];
  for (let i = events.length - 1; i >= 0 && runs.length <= count; --i) {
    const e = events[i];
    if (e.player === "chance" || /^(block|allow)$/i.test(e.text)) continue;
    const current = runs[runs.length - 1];
    if (current && current[0].player === e.player) current.unshift(e);
    else runs.push([e]);
  }
  return runs.slice(0, count);
}

export function recentMoves(events: GameEvent[]): RecentMoves {
  const recent: RecentMoves = { paths: [], walls: [], positions: [] };
  for (const run of lastRuns(events, 2)) {
    const squares: string[] = [];
    for (const e of run) {
      const move = classify(e.text);
      if (move.kind === "step") squares.push(move.square);
      else if (move.kind === "place") recent.walls.push(move.placement.piece);
      else if (move.kind === "coinWall") recent.walls.push(move.piece);
      else if (move.kind === "coinHole") recent.positions.push(move.hole);
      else if (move.kind === "relocate") recent.positions.push(move.from, move.to);
      else if (move.kind === "fill") recent.positions.push(move.hole, move.tile);
    }
    if (squares.length > 0) recent.paths.push({ seat: run[0].player as number, squares });
  }
  return recent;
}
