// What a Treasure Hunt board animates after a computer's move (games/motion.ts): the two cards of
// a swap slide into each other's place, and a pawn walks the path its step and the cards carried it
// along, square by square. Pure code.
import type { BoardState } from "../types";
import { quoted, type Motion, type Offset } from "../motion";
import { origin } from "./board-svg";
import { cellName, isTurned, parseCell, type Cell } from "./geometry";
import { lastTurns } from "./history";

type Grid = (string | null)[][];

/** The two cells whose cards traded places, or null when the boards differ otherwise. */
export function swappedCells(before: Grid, after: Grid): [string, string] | null {
  const changed: Cell[] = [];
  after.forEach((row, r) => row.forEach((code, c) => {
    if (before[r]?.[c] !== code) changed.push({ row: r, col: c });
  }));
  if (changed.length !== 2) return null;
  const [a, b] = changed;
  const at = (grid: Grid, cell: Cell) => grid[cell.row]?.[cell.col];
  const traded = at(before, a) === at(after, b) && at(before, b) === at(after, a) && typeof at(after, a) === "string";
  return traded ? [cellName(a), cellName(b)] : null;
}

/** The cells from `path[0]` to its end, one square at a time (the cards carry a pawn in lines). */
export function squareBySquare(path: Cell[]): Cell[] {
  const out: Cell[] = path.slice(0, 1);
  for (const next of path.slice(1)) {
    const last = out[out.length - 1];
    const [dr, dc] = [Math.sign(next.row - last.row), Math.sign(next.col - last.col)];
    const straight = dr === 0 || dc === 0;
    for (let at = last; straight && (at.row !== next.row || at.col !== next.col);) {
      at = { row: at.row + dr, col: at.col + dc };
      out.push(at);
    }
    if (!straight) out.push(next);
  }
  return out;
}

/** The path the pawn of `seat` took in the new events: from the log's replay, else its two ends. */
function pawnPath(before: BoardState, after: BoardState, seat: number): Cell[] | null {
  const from = parseCell(before.view?.pawns?.[seat]);
  const to = parseCell(after.view?.pawns?.[seat]);
  if (!from || !to || (from.row === to.row && from.col === to.col)) return null;
  const trace = lastTurns(after).find((t) => t.player === seat);
  const path = trace?.path;
  const ends = path && path.length > 1 && cellName(path[0]) === cellName(from)
    && cellName(path[path.length - 1]) === cellName(to);
  return squareBySquare(ends ? path : [from, to]);
}

export function treasureHuntMotions(before: BoardState, after: BoardState): Motion[] {
  const motions: Motion[] = [];
  // Nothing moves during the deal: the cards are laid one by one and the pawns wait for it.
  if (before.view?.phase === "deal" || !Array.isArray(before.view?.board) || !Array.isArray(after.view?.board)) {
    return motions;
  }
  const turned = isTurned(after.seat);
  const corner = (name: string) => origin(parseCell(name)!, turned);
  const between = (from: Cell, to: Cell): Offset => {
    const [a, b] = [origin(from, turned), origin(to, turned)];
    return [a.x - b.x, a.y - b.y];
  };
  const swap = swappedCells(before.view.board, after.view.board);
  if (swap) {
    for (const [cell, from] of [swap, [swap[1], swap[0]]]) {
      const [a, b] = [corner(from), corner(cell)];
      motions.push({ kind: "slide", target: `.th-svg [data-cell=${quoted(cell)}]`, from: [a.x - b.x, a.y - b.y] });
    }
  }
  for (const seat of [0, 1]) {
    const path = pawnPath(before, after, seat);
    if (!path) continue;
    const end = path[path.length - 1];
    motions.push({ kind: "walk", target: `.th-svg .th-pawn-${seat}`, path: path.slice(0, -1).map((cell) => between(cell, end)) });
  }
  return motions;
}
