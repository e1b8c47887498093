// What a MazeMakers board animates after a computer's move (games/motion.ts): a pawn walks the
// squares it stepped on, square by square (START counts as one place). A pawn that got somewhere
// without stepping (sent back to START) slides there. Pure code.
import type { BoardState } from "../types";
import { newEvents, quoted, walkedSquares, type Motion, type Offset } from "../motion";
import { CELL } from "./draw";
import { readModel, squareOf, type BoardModel } from "./model";
import { classify } from "./notation";

/** The middle of a square (or of START), in the board's units, up to the common margin. */
function centre(model: BoardModel, square: string): Offset {
  if (square === "start") return [(model.start[1] + 1) * CELL, (model.start[0] + 1) * CELL];
  const [r, c] = squareOf(square);
  return [(c + 0.5) * CELL, (r + 0.5) * CELL];
}

export function mazemakersMotions(before: BoardState, after: BoardState): Motion[] {
  const [was, now] = [readModel(before.view), readModel(after.view)];
  const events = newEvents(before, after);
  const motions: Motion[] = [];
  now.players.forEach((player, index) => {
    const from = was.players[index]?.pawn;
    const to = player.pawn;
    if (!from || !to || from === to) return;
    const steps = events.filter((e) => e.player === index).map((e) => classify(e.text))
      .flatMap((move) => (move.kind === "step" ? [move.square] : []));
    const path = walkedSquares(from, to, steps).map((square) => centre(now, square));
    const [ex, ey] = path[path.length - 1];
    motions.push({
      kind: "walk", target: `.mm-svg [data-pawn=${quoted(player.seat)}]`,
      path: path.slice(0, -1).map(([x, y]) => [x - ex, y - ey]),
    });
  });
  return motions;
}
