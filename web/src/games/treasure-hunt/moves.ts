// The legal moves of a Treasure Hunt turn as things to click: a swap is two cards in one row or
// column (click one, then the other), a step is the card next to the mover's pawn. Built from the
// engine's own legal texts (`2S-AS`, `up`), so the board never offers what the rules refuse.
// Pure code: `clicksFor` runs in node in the end-to-end harness.
import type { BoardState, View } from "../types";
import { parseCard } from "./cards";
import { cellName, isDirection, moveCell, onBoard, parseCell, type Direction } from "./geometry";

export interface MoveModel {
  /** Unordered cell pair ("a1|a4", cells sorted) → the legal swap text. */
  swaps: Map<string, string>;
  /** Cell → the cells it may be swapped with. */
  partners: Map<string, string[]>;
  /** Target cell of a step → the legal step text. */
  steps: Map<string, string>;
}

export function cellSelector(cell: string): string {
  return `[data-cell="${cell}"]`;
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Card code → cell name, for every card on the board. */
export function cellsOfCards(view: View): Map<string, string> {
  const cells = new Map<string, string>();
  const board: unknown[][] = Array.isArray(view?.board) ? view.board : [];
  board.forEach((row, r) =>
    (row ?? []).forEach((code, c) => {
      if (typeof code === "string") cells.set(code, cellName({ row: r, col: c }));
    }),
  );
  return cells;
}

/** One side of a swap text (a card code or a cell name) as a cell name; null if neither. */
function swapSideCell(side: string, cells: Map<string, string>): string | null {
  if (parseCard(side)) return cells.get(side) ?? null;
  return parseCell(side) ? side : null;
}

/** The two cells of a swap text such as `3D-2D` or `a1-a4`; null when it is not a swap. */
export function swapCells(move: string, view: View): [string, string] | null {
  const sides = move.split("-");
  if (sides.length !== 2) return null;
  const cells = cellsOfCards(view);
  const a = swapSideCell(sides[0].trim(), cells);
  const b = swapSideCell(sides[1].trim(), cells);
  return a && b && a !== b ? [a, b] : null;
}

/** The cell a step lands on first (before any involuntary movement), from the mover's pawn. */
export function stepTarget(move: string, view: View): string | null {
  if (!isDirection(move)) return null;
  const pawn = parseCell(view?.pawns?.[view?.to_move]);
  if (!pawn) return null;
  const target = moveCell(pawn, move as Direction);
  return onBoard(target) ? cellName(target) : null;
}

export function buildMoveModel(state: BoardState): MoveModel {
  const model: MoveModel = { swaps: new Map(), partners: new Map(), steps: new Map() };
  if (!state.interactive) return model;
  for (const move of state.legal) {
    const pair = swapCells(move, state.view);
    if (pair) {
      model.swaps.set(pairKey(pair[0], pair[1]), move);
      for (const [from, to] of [pair, [pair[1], pair[0]]]) {
        model.partners.set(from, [...(model.partners.get(from) ?? []), to]);
      }
      continue;
    }
    const target = stepTarget(move, state.view);
    if (target) model.steps.set(target, move);
  }
  return model;
}

/** The clicks that play `move`: both cards of a swap, the target card of a step. */
export function clicksFor(move: string, state: BoardState): string[] | null {
  const pair = swapCells(move, state.view);
  if (pair) return pair.map(cellSelector);
  const target = stepTarget(move, state.view);
  return target ? [cellSelector(target)] : null;
}
