// Cells of the Maker's table: "x,y" keys, neighbours on the square or the hexagonal board
// (docs/rules/pathfinder-cards.md: axial q,r written x,y on a hex board), windows of cells to
// draw, and where a cell is drawn in the editor's SVG. Pure code (the e2e harness imports it).

export type Topology = "square" | "hex";

/** The table is 40 × 40 cells (G1.1: every edge-connected 40-card layout fits in it). */
export const BOARD_SIDE = 40;

export interface Cell {
  x: number;
  y: number;
}

export function cellKey(x: number, y: number): string {
  return `${x},${y}`;
}

export function parseCellKey(key: string): Cell {
  const m = /^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$/.exec(key.trim());
  if (!m) throw new Error(`not a cell "x,y": ${key}`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

const SQUARE_STEPS: readonly Cell[] = [{ x: 1, y: 0 }, { x: -1, y: 0 }, { x: 0, y: 1 }, { x: 0, y: -1 }];
// Axial neighbours E NE NW W SW SE (RULINGS G1.1, hex variant).
const HEX_STEPS: readonly Cell[] = [
  { x: 1, y: 0 }, { x: 1, y: -1 }, { x: 0, y: -1 }, { x: -1, y: 0 }, { x: -1, y: 1 }, { x: 0, y: 1 },
];

/** The cells sharing an edge with `key` (4 on the square board, 6 on the hex board). */
export function neighbours(key: string, topology: Topology): string[] {
  const { x, y } = parseCellKey(key);
  const steps = topology === "hex" ? HEX_STEPS : SQUARE_STEPS;
  return steps.map((d) => cellKey(x + d.x, y + d.y));
}

export function onBoard(cell: Cell): boolean {
  return cell.x >= 0 && cell.y >= 0 && cell.x < BOARD_SIDE && cell.y < BOARD_SIDE;
}

/** An inclusive rectangle of cells (on a hex board: a parallelogram of axial coordinates). */
export interface CellWindow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where the first card goes when the table is empty: the middle of the 40 × 40 table. */
export const EMPTY_TABLE_WINDOW: CellWindow = { x0: 15, y0: 17, x1: 24, y1: 22 };

const MIN_WIDTH = 10;
const MIN_HEIGHT = 6;

export function inWindow(w: CellWindow, cell: Cell): boolean {
  return cell.x >= w.x0 && cell.x <= w.x1 && cell.y >= w.y0 && cell.y <= w.y1;
}

export function windowCells(w: CellWindow): string[] {
  const out: string[] = [];
  for (let y = w.y0; y <= w.y1; ++y) for (let x = w.x0; x <= w.x1; ++x) out.push(cellKey(x, y));
  return out;
}

export function boundingBox(keys: Iterable<string>): CellWindow | null {
  let box: CellWindow | null = null;
  for (const key of keys) {
    const { x, y } = parseCellKey(key);
    box = box
      ? { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: Math.max(box.y1, y) }
      : { x0: x, y0: y, x1: x, y1: y };
  }
  return box;
}

function grow(lo: number, hi: number, min: number): [number, number] {
  const missing = min - (hi - lo + 1);
  if (missing <= 0) return [lo, hi];
  const before = Math.floor(missing / 2);
  return [lo - before, hi + (missing - before)];
}

function clampToBoard(w: CellWindow): CellWindow {
  const shiftX = Math.max(0, -w.x0) - Math.max(0, w.x1 - (BOARD_SIDE - 1));
  const shiftY = Math.max(0, -w.y0) - Math.max(0, w.y1 - (BOARD_SIDE - 1));
  return {
    x0: Math.max(0, w.x0 + shiftX), x1: Math.min(BOARD_SIDE - 1, w.x1 + shiftX),
    y0: Math.max(0, w.y0 + shiftY), y1: Math.min(BOARD_SIDE - 1, w.y1 + shiftY),
  };
}

/**
 * The cells to draw around `keys`: their bounding box grown by one cell on every side (every
 * place a card may still go touches a card), at least as large as the empty table's window, kept
 * on the 40 × 40 table when `onTable` (played cards have table coordinates; a free design is
 * shifted when sent).
 */
export function windowAround(keys: Iterable<string>, onTable: boolean): CellWindow {
  const box = boundingBox(keys);
  if (!box) return EMPTY_TABLE_WINDOW;
  const [x0, x1] = grow(box.x0 - 1, box.x1 + 1, MIN_WIDTH);
  const [y0, y1] = grow(box.y0 - 1, box.y1 + 1, MIN_HEIGHT);
  const w = { x0, y0, x1, y1 };
  return onTable ? clampToBoard(w) : w;
}

// ---- Drawing ------------------------------------------------------------------------------

/** A card cell in SVG units: portrait cards 5:7 on the square board, hexagons on the hex board. */
export const CARD_W = 50;
export const CARD_H = 70;
export const GAP = 4;
export const HEX_R = 34;
const SQRT3 = Math.sqrt(3);

export interface Placement {
  /** Centre of the cell in SVG units, relative to the window's top-left corner. */
  cx: number;
  cy: number;
}

export function cellCentre(w: CellWindow, cell: Cell, topology: Topology): Placement {
  const dx = cell.x - w.x0;
  const dy = cell.y - w.y0;
  if (topology === "hex") {
    // Pointy-top hexes; row r is shifted half a hex per row (the terminal's sheared drawing).
    return { cx: SQRT3 * HEX_R * (dx + dy / 2) + (SQRT3 * HEX_R) / 2 + GAP, cy: 1.5 * HEX_R * dy + HEX_R + GAP };
  }
  return { cx: dx * (CARD_W + GAP) + CARD_W / 2 + GAP, cy: dy * (CARD_H + GAP) + CARD_H / 2 + GAP };
}

export function windowSize(w: CellWindow, topology: Topology): { width: number; height: number } {
  const cols = w.x1 - w.x0 + 1;
  const rows = w.y1 - w.y0 + 1;
  if (topology === "hex") {
    return { width: SQRT3 * HEX_R * (cols + (rows - 1) / 2) + 2 * GAP, height: 1.5 * HEX_R * (rows - 1) + 2 * HEX_R + 2 * GAP };
  }
  return { width: cols * (CARD_W + GAP) + GAP, height: rows * (CARD_H + GAP) + GAP };
}

/** The corners of a pointy-top hexagon of radius r around (cx, cy), as an SVG points list. */
export function hexPoints(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; ++i) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
