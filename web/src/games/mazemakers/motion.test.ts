// What a MazeMakers board animates: a pawn walks the squares it stepped on, square by square.
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { CELL } from "./draw";
import { mazemakersMotions } from "./motion";
import move from "./fixtures/pento2-move.json";

const start = move as BoardState;

/** `start` with player `index` on `pawn`, after the decisions `texts` of that player. */
function moved(index: number, pawn: string, texts: string[]): BoardState {
  const players = start.view.players.map((p: { pawn: string }, i: number) => (i === index ? { ...p, pawn } : p));
  const last = start.events[start.events.length - 1].n;
  const events = [...start.events, ...texts.map((text, k) => ({ n: last + 1 + k, player: index, text }))];
  return { ...start, view: { ...start.view, players }, events, version: start.version + texts.length };
}

describe("MazeMakers motions", () => {
  it("walks a pawn square by square along its steps", () => {
    expect(start.view.players[1].pawn).toBe("h5");
    const after = moved(1, "g7", ["h6", "h7", "g7"]);
    // h5 → h6 → h7 → g7, measured from g7 (column g = 6, row 7 = index 6)
    expect(mazemakersMotions(start, after)).toEqual([{
      kind: "walk", target: '.mm-svg [data-pawn="P2"]',
      path: [[CELL, -2 * CELL], [CELL, -CELL], [CELL, 0]],
    }]);
  });

  it("counts START as one place of the walk", () => {
    const onStart = moved(0, "start", []);
    const after = moved(0, "i8", ["i8"]);
    const [walk] = mazemakersMotions(onStart, after) as Array<{ path: [number, number][] }>;
    // START is the 2×2 area at i9–j10: its middle is the corner the four squares share
    expect(walk.path).toEqual([[CELL / 2, 1.5 * CELL]]);
  });

  it("slides a pawn that got somewhere without stepping, and leaves still pawns alone", () => {
    const [walk] = mazemakersMotions(start, moved(1, "a1", [])) as Array<{ path: [number, number][] }>;
    expect(walk.path).toHaveLength(1);
    expect(mazemakersMotions(start, moved(1, "h5", ["coin F"]))).toEqual([]);
  });
});
