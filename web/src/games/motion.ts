// What a board animates after another player's move, decided from the state shown before and the
// new one (each game's `motions`, pure code) and played by app/motion.ts: a card turning face up
// flips, swapped cards slide into each other's place, a pawn walks its path square by square.
import type { BoardState, GameEvent } from "./types";

// The motions themselves are part of the contract (types.ts), which must not import this file.
export type { Motion, Offset } from "./types";

/** The events `after` brings that `before` did not have. */
export function newEvents(before: BoardState, after: BoardState): GameEvent[] {
  const last = before.events.length > 0 ? before.events[before.events.length - 1].n : -1;
  return after.events.filter((e) => e.n > last);
}

/**
 * The squares a piece went through from `from` to `to`, given the squares its moves named in
 * order (`steps`): the steps up to the last time it reached `to`; just the two ends when the steps
 * do not lead there (a move the log does not spell out: a swap of places, a piece sent home).
 */
export function walkedSquares(from: string, to: string, steps: string[]): string[] {
  const path = [from];
  for (const square of steps) if (square !== path[path.length - 1]) path.push(square);
  const end = path.lastIndexOf(to);
  return end > 0 ? path.slice(0, end + 1) : [from, to];
}

/** A CSS attribute selector's value, quoted. */
export function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => "\\" + c)}"`;
}
