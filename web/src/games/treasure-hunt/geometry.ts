// The 5×5 grid in the rules' frame (columns a–e left → right, rows 1–5 top → bottom, as the figures
// are printed) and the observer's frame: the players sit on opposite sides of the table, so Purple
// (seat 1) sees the grid turned 180°, and the map key's arrows turn with it. Pure code.

export const SIZE = 5;
export const COLUMNS = ["a", "b", "c", "d", "e"];

export type Direction = "up" | "right" | "down" | "left";
export const DIRECTIONS: Direction[] = ["up", "right", "down", "left"];

export interface Cell {
  row: number; // 0 = row 1 (the top of the figure)
  col: number; // 0 = column a
}

const DELTAS: Record<Direction, Cell> = {
  up: { row: -1, col: 0 },
  right: { row: 0, col: 1 },
  down: { row: 1, col: 0 },
  left: { row: 0, col: -1 },
};

const OPPOSITE: Record<Direction, Direction> = { up: "down", down: "up", left: "right", right: "left" };

export function opposite(dir: Direction): Direction {
  return OPPOSITE[dir];
}

export function isDirection(text: string): text is Direction {
  return (DIRECTIONS as string[]).includes(text);
}

export function cellName({ row, col }: Cell): string {
  return `${COLUMNS[col]}${row + 1}`;
}

/** Reads "a1" … "e5"; null for anything else. */
export function parseCell(name: unknown): Cell | null {
  if (typeof name !== "string") return null;
  const m = /^([a-e])([1-5])$/.exec(name);
  return m ? { row: Number(m[2]) - 1, col: COLUMNS.indexOf(m[1]) } : null;
}

export function onBoard({ row, col }: Cell): boolean {
  return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
}

export function moveCell(cell: Cell, dir: Direction, distance = 1): Cell {
  const d = DELTAS[dir];
  return { row: cell.row + d.row * distance, col: cell.col + d.col * distance };
}

export function sameCell(a: Cell, b: Cell): boolean {
  return a.row === b.row && a.col === b.col;
}

/** Whether the observer sits on the far side of the figure (Purple), seeing it turned 180°. */
export function isTurned(seat: number | null): boolean {
  return seat === 1;
}

/** Where a cell is drawn: its screen row and column for this observer. */
export function screenCell(cell: Cell, turned: boolean): Cell {
  return turned ? { row: SIZE - 1 - cell.row, col: SIZE - 1 - cell.col } : cell;
}

/** Which way a direction of the rules' frame points on this observer's screen. */
export function screenDirection(dir: Direction, turned: boolean): Direction {
  return turned ? OPPOSITE[dir] : dir;
}

/** Rotation in degrees (clockwise, SVG) of an arrow drawn pointing up, to point `dir` on screen. */
export function arrowRotation(dir: Direction): number {
  return { up: 0, right: 90, down: 180, left: 270 }[dir];
}
