// What the Joker's Labyrinth board animates after a computer's move (games/motion.ts): a card of
// the Dungeon turning face up flips (a reveal, a Recon's nine cards), and a Jack walks the cells it
// moved through, cell by cell; a Jack put somewhere else (a Queen's swap, a lost fight) slides
// there. Pure code.
import type { BoardState } from "../types";
import { newEvents, quoted, walkedSquares, type Motion } from "../motion";
import { PITCH_X, PITCH_Y } from "./board";
import { cellName, parseBoardCell, parseCell, parseDirection, SIDE, step } from "./notation";

/** The Dungeon's cells whose card was face down in `before` and is face up in `after`. */
export function turnedUp(before: string[][], after: string[][]): string[] {
  const cells: string[] = [];
  for (let row = 0; row < SIDE; ++row) {
    for (let col = 0; col < SIDE; ++col) {
      const [was, now] = [parseBoardCell(before?.[row]?.[col] ?? ""), parseBoardCell(after?.[row]?.[col] ?? "")];
      if (was.kind === "down" && now.kind === "up") cells.push(cellName(row, col));
    }
  }
  return cells;
}

/** The cells a Jack standing on `from` moved to by the decisions `texts` (`move up`, `boost 3H left`). */
export function movedCells(from: string, texts: string[]): string[] {
  const cells: string[] = [];
  let at: string | null = from;
  for (const text of texts) {
    const words = text.trim().split(/\s+/);
    const dir = words[0] === "move" || words[0] === "boost" ? parseDirection(words[words.length - 1]) : null;
    if (!dir || !at) continue;
    at = step(at, dir);
    if (at) cells.push(at);
  }
  return cells;
}

export function jokersMotions(before: BoardState, after: BoardState): Motion[] {
  const [was, now] = [before.view, after.view];
  if (!Array.isArray(was?.board) || !Array.isArray(now?.board)) return [];
  const motions: Motion[] = turnedUp(was.board, now.board).map((cell) => ({
    kind: "flip", target: `.jl-dungeon [data-cell=${quoted(cell)}] > .jl-face`,
  }));
  const events = newEvents(before, after);
  (now.players ?? []).forEach((player: { seat: string; cell: string | null }, index: number) => {
    const from = was.players?.[index]?.cell;
    const to = player.cell;
    if (!from || !to || from === to || !parseCell(from) || !parseCell(to)) return;
    const texts = events.filter((e) => e.player === index).map((e) => e.text);
    const path = walkedSquares(from, to, movedCells(from, texts)).map((cell) => parseCell(cell)!);
    const end = path[path.length - 1];
    motions.push({
      kind: "walk", target: `.jl-dungeon .jl-jack[data-seat=${quoted(player.seat)}]`,
      path: path.slice(0, -1).map((p) => [(p.col - end.col) * PITCH_X, (p.row - end.row) * PITCH_Y]),
    });
  });
  return motions;
}
