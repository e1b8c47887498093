// The 12 pentominoes and their 63 fixed orientations, numbered exactly as the engine numbers them
// (src/games/mazemakers/pentomino.cpp): per piece, every rotation and reflection, normalized to
// the top-left of its bounding box, sorted by cell list. "F2@c4" is orientation 2 of F with its
// bounding box's top-left on c4.

export type Cell = readonly [row: number, col: number];
export type Shape = readonly Cell[];

export const PIECE_LETTERS = "FILNPTUVWXYZ";

// The base shapes, one string per row ('#' a square), as in the engine.
const BASE_SHAPES: Record<string, string[]> = {
  F: [".##", "##.", ".#."],
  I: ["#####"],
  L: ["####", "#..."],
  N: ["##..", ".###"],
  P: ["##", "##", "#."],
  T: ["###", ".#.", ".#."],
  U: ["#.#", "###"],
  V: ["#..", "#..", "###"],
  W: ["#..", "##.", ".##"],
  X: [".#.", "###", ".#."],
  Y: ["####", ".#.."],
  Z: ["##.", ".#.", ".##"],
};

function compareCells(a: Cell, b: Cell): number {
  return a[0] - b[0] || a[1] - b[1];
}

function compareShapes(a: Shape, b: Shape): number {
  for (let i = 0; i < Math.min(a.length, b.length); ++i) {
    const d = compareCells(a[i], b[i]);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Moves a shape to the top-left corner and sorts its squares (the engine's normal form). */
export function normalize(cells: Shape): Shape {
  const minRow = Math.min(...cells.map((c) => c[0]));
  const minCol = Math.min(...cells.map((c) => c[1]));
  return cells.map(([r, c]) => [r - minRow, c - minCol] as Cell).sort(compareCells);
}

/** A quarter turn, the engine's (r, c) -> (c, -r), normalized. */
export function rotate(shape: Shape): Shape {
  return normalize(shape.map(([r, c]) => [c, -r] as Cell));
}

/** A mirror image across the vertical axis, normalized. */
export function flip(shape: Shape): Shape {
  return normalize(shape.map(([r, c]) => [r, -c] as Cell));
}

function sameShape(a: Shape, b: Shape): boolean {
  return compareShapes(a, b) === 0 && a.length === b.length;
}

function fixedOrientations(base: Shape): Shape[] {
  const all: Shape[] = [];
  for (const start of [base, base.map(([r, c]) => [r, -c] as Cell)]) {
    let current: Shape = start;
    for (let k = 0; k < 4; ++k) {
      all.push(normalize(current));
      current = current.map(([r, c]) => [c, -r] as Cell);
    }
  }
  all.sort(compareShapes);
  return all.filter((shape, i) => i === 0 || !sameShape(shape, all[i - 1]));
}

function baseShape(rows: string[]): Shape {
  const cells: Cell[] = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => ch === "#" && cells.push([r, c])));
  return cells;
}

const ORIENTATIONS: Record<string, Shape[]> = Object.fromEntries(
  [...PIECE_LETTERS].map((letter) => [letter, fixedOrientations(baseShape(BASE_SHAPES[letter]))]),
);

/** The fixed orientations of a piece; orientation k of the notation is element k - 1. */
export function orientationsOf(piece: string): Shape[] {
  const shapes = ORIENTATIONS[piece.toUpperCase()];
  if (!shapes) throw new Error(`'${piece}' is not a pentomino letter (expected one of ${PIECE_LETTERS})`);
  return shapes;
}

/** The orientation number (1-based) of a normalized shape of `piece`, or 0 if it is not one. */
export function orientationNumber(piece: string, shape: Shape): number {
  return orientationsOf(piece).findIndex((s) => sameShape(s, shape)) + 1;
}
