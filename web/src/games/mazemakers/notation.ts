// Reading MazeMakers notation (docs/rules/mazemakers.md, "Notation"): squares like "c4" (column
// letter, row number, a1 top-left), wall placements like "F2@c4", and the kinds of moves the board
// offers. Pure code: the end-to-end harness runs it in node.
import { orientationsOf, type Cell } from "./pentominoes";

export const PENTOMINO_SIDE = 10;
export const TILES_SIDE = 18;

/** Row and column (0-based) of a square name; null for anything else (e.g. "start"). */
export function parseSquare(name: string): Cell | null {
  const m = /^([a-r])(\d{1,2})$/i.exec(name.trim());
  if (!m) return null;
  return [Number(m[2]) - 1, m[1].toLowerCase().charCodeAt(0) - 97];
}

export function squareName(row: number, col: number): string {
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

export interface Placement {
  piece: string;
  orientation: number;
  /** Top-left of the bounding box. */
  anchor: Cell;
  /** The five squares covered, in the orientation's order (the first is in the top row). */
  squares: Cell[];
}

/** "F2@c4" → the squares it covers; null when the text is not a placement code. */
export function parsePlacement(text: string): Placement | null {
  const m = /^([FILNPTUVWXYZ])(\d)@([a-j]\d{1,2})$/i.exec(text.trim());
  if (!m) return null;
  const piece = m[1].toUpperCase();
  const orientation = Number(m[2]);
  const shape = orientationsOf(piece)[orientation - 1];
  const anchor = parseSquare(m[3]);
  if (!shape || !anchor) return null;
  const squares = shape.map(([r, c]) => [anchor[0] + r, anchor[1] + c] as Cell);
  return { piece, orientation, anchor, squares };
}

/** The square a player clicks to put a piece there: the first (top-row) square of the shape. */
export function clickSquareOf(placement: Placement): string {
  const [r, c] = placement.squares[0];
  return squareName(r, c);
}

export type MoveKind =
  | { kind: "place"; placement: Placement }
  | { kind: "coinWall"; piece: string }
  | { kind: "coinHole"; hole: string }
  | { kind: "relocate"; from: string; to: string }
  | { kind: "fill"; hole: string; tile: string }
  | { kind: "step"; square: string }
  | { kind: "button"; text: string };

/** What kind of click a legal move needs; the names are as the engine writes them. */
export function classify(move: string): MoveKind {
  const text = move.trim();
  const placement = parsePlacement(text);
  if (placement) return { kind: "place", placement };
  let m = /^coin ([FILNPTUVWXYZ])$/i.exec(text);
  if (m) return { kind: "coinWall", piece: m[1].toUpperCase() };
  m = /^coin ([a-r]\d{1,2})$/i.exec(text);
  if (m) return { kind: "coinHole", hole: m[1].toLowerCase() };
  m = /^tile ([a-r]\d{1,2})\s*>\s*([a-r]\d{1,2})$/i.exec(text);
  if (m) return { kind: "relocate", from: m[1].toLowerCase(), to: m[2].toLowerCase() };
  m = /^fill ([a-r]\d{1,2}) ([a-r]\d{1,2})$/i.exec(text);
  if (m) return { kind: "fill", hole: m[1].toLowerCase(), tile: m[2].toLowerCase() };
  if (/^start$/i.test(text) || parseSquare(text)) return { kind: "step", square: text.toLowerCase() };
  return { kind: "button", text };
}
