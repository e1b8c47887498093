// Involuntary movement (G3.3 step 3), followed on the client to draw where a step will carry a pawn
// and where the last steps went. Mirrors `State::involuntary_destination` in
// src/games/treasure_hunt/treasure_hunt.cpp: the Treasure Card stops the pawn, a move that would
// leave the board does not happen (A-G3-8), a revisit stops the chain before or on the repeated
// card (A-G3-3, option `cycleRule`). Pure code.
import type { View } from "../types";
import { parseCard } from "./cards";
import { isDirection, moveCell, onBoard, sameCell, type Cell, type Direction } from "./geometry";

export type Grid = (string | null)[][];

export interface ChainRules {
  /** Map-key group (suit, colour or T) → direction, as the view's `key`. */
  key: Record<string, Direction>;
  stopOnRepeat: boolean;
}

export function chainRules(view: View, options: Record<string, unknown>): ChainRules {
  const key: Record<string, Direction> = {};
  for (const [group, dir] of Object.entries(view?.key ?? {})) {
    if (typeof dir === "string" && isDirection(dir)) key[group] = dir;
  }
  return { key, stopOnRepeat: options?.cycleRule === "stopOnRepeat" };
}

/** The direction and distance a card sends a pawn; null for an unknown card. */
export function cardMove(code: string | null, rules: ChainRules): { dir: Direction; distance: number } | null {
  const card = parseCard(code);
  const dir = card ? rules.key[card.group] : undefined;
  return card && dir ? { dir, distance: card.value } : null;
}

/**
 * The cells a pawn passes through after stepping onto `start`: `start` first, the cell it stops on
 * last.
 */
export function chainPath(board: Grid, start: Cell, treasure: string, rules: ChainRules): Cell[] {
  const path = [start];
  let cell = start;
  for (;;) {
    const code = board[cell.row]?.[cell.col] ?? null;
    if (code === treasure) return path;
    const move = cardMove(code, rules);
    if (!move) return path;
    const next = moveCell(cell, move.dir, move.distance);
    if (!onBoard(next)) return path;
    if (path.some((seen) => sameCell(seen, next))) {
      if (rules.stopOnRepeat) path.push(next);
      return path;
    }
    path.push(next);
    cell = next;
  }
}
