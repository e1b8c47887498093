// What a board animates after another player's move, decided from the state shown before and the
// new one (each game's `motions`, pure code) and played by app/motion.ts: a card turning face up
// flips, swapped cards slide into each other's place, a pawn walks its path square by square.
import type { BoardState, GameEvent } from "./types";

/** A distance on the board, in the user units of the SVG the piece is drawn in: [x, y]. */
export type Offset = [number, number];

export type Motion =
  /** The card `target` (a selector inside the board) has just turned face up. */
  | { kind: "flip"; target: string }
  /** The card `target` arrives from `from` (relative to where it is drawn now): one of a swap. */
  | { kind: "slide"; target: string; from: Offset }
  /**
   * The piece `target` walked: `path` holds the places it passed through, relative to where it is
   * drawn now, the one it started from first; it ends where it is drawn.
   */
  | { kind: "walk"; target: string; path: Offset[] };

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
