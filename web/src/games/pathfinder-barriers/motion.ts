// What a Pathfinder board animates after a computer's move (games/motion.ts): a tall explorer
// pawn walks the squares its questions took it through, square by square, on the grid it searches
// (from the square it entered on, after an entry). A question answered "No" leaves it where it
// stood. Pure code.
import type { BoardState } from "../types";
import { newEvents, quoted, walkedSquares, type Motion } from "../motion";
import { gridId } from "./board";
import { squareBox } from "./grid-svg";
import { parseSquare } from "./notation";
import { pathfinderView } from "./view";

/** The squares the moves among `texts` name, in order (`C-1>D-1`, a walk `B-3>B-2>B-1`). */
export function questionSquares(texts: string[]): string[] {
  const squares: string[] = [];
  for (const text of texts) {
    const enter = /^enter (\S+)$/.exec(text);
    if (enter) squares.push(enter[1]);
    else if (text.includes(">") && !text.endsWith(">exit")) squares.push(...text.split(">").slice(1));
  }
  return squares;
}

export function pathfinderMotions(before: BoardState, after: BoardState): Motion[] {
  const [was, now] = [pathfinderView(before), pathfinderView(after)];
  if (now?.phase !== "play" && now?.phase !== "over") return [];
  const events = newEvents(before, after);
  const motions: Motion[] = [];
  for (const searcher of [0, 1]) {
    const texts = events.filter((e) => e.player === searcher).map((e) => e.text);
    // After (re-)entering, the walk starts on the square entered.
    let entered = texts.length - 1;
    while (entered >= 0 && !texts[entered].startsWith("enter ")) --entered;
    const squares = questionSquares(entered >= 0 ? texts.slice(entered) : texts);
    const from = entered >= 0 ? squares.shift() : was?.tracking?.[searcher]?.explorer;
    const to = now.tracking?.[searcher]?.explorer;
    if (!from || !to || from === to || !parseSquare(from) || !parseSquare(to)) continue;
    const path = walkedSquares(from, to, squares).map((name) => squareBox(parseSquare(name)!));
    const end = path[path.length - 1];
    // The explorer stands on the grid it searches: the other seat's.
    motions.push({
      kind: "walk", target: `[data-grid=${quoted(gridId(after, 1 - searcher))}] .pfb-pawn-tall`,
      path: path.slice(0, -1).map((box) => [box.x - end.x, box.y - end.y]),
    });
  }
  return motions;
}
