// What a Treasure Hunt board animates after a move, from real engine positions (fixtures/): the two
// cards of a swap slide into each other's place, a pawn walks its whole path square by square,
// and both are measured on this observer's side of the table.
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { origin } from "./board-svg";
import { chainPath, chainRules } from "./chain";
import { DIRECTIONS, cellName, moveCell, onBoard, parseCell, type Cell } from "./geometry";
import { squareBySquare, swappedCells, treasureHuntMotions } from "./motion";
import firstSwap from "./fixtures/standard-first-swap.json";
import purpleStep from "./fixtures/standard-purple-step.json";
import purpleSwap from "./fixtures/standard-purple-swap.json";
import replayDeal from "./fixtures/replay-deal.json";
import standardStep from "./fixtures/standard-step.json";

const cell = (name: string) => parseCell(name)!;
const corner = (name: string, turned: boolean) => origin(cell(name), turned);

/** The state after the mover's step `dir` from `state` (its step phase), as the server would send it. */
function afterStep(state: BoardState, dir: string, path: Cell[]): BoardState {
  const view = state.view;
  const mover = view.to_move;
  const pawns = [...view.pawns];
  pawns[mover] = cellName(path[path.length - 1]);
  return {
    ...state,
    view: { ...view, pawns, phase: "swap", to_move: 1 - mover },
    events: [...state.events, { n: state.events.length, player: mover, text: dir }],
    version: state.version + 1,
  };
}

/** A step of the mover from `state` that the cards carry on for at least `hops` more cells, without scoring. */
function carriedStep(state: BoardState, hops: number): { dir: string; path: Cell[] } {
  const view = state.view;
  const pawn = cell(view.pawns[view.to_move]);
  for (const dir of DIRECTIONS) {
    const first = moveCell(pawn, dir);
    if (!onBoard(first)) continue;
    const path = [pawn, ...chainPath(view.board, first, view.treasure, chainRules(view, state.options))];
    const stop = path[path.length - 1];
    if (path.length >= 2 + hops && view.board[stop.row][stop.col] !== view.treasure) return { dir, path };
  }
  throw new Error("no such step in the fixture");
}

describe("Treasure Hunt motions", () => {
  it("slides the two swapped cards from each other's place", () => {
    const before = firstSwap as BoardState;
    const after = standardStep as BoardState; // the same game, one swap later (2S-AS)
    const pair = swappedCells(before.view.board, after.view.board)!;
    expect(pair).not.toBeNull();
    expect(after.view.board[cell(pair[0]).row][cell(pair[0]).col]).toBe(
      before.view.board[cell(pair[1]).row][cell(pair[1]).col]);
    const [a, b] = pair.map((name) => corner(name, false));
    expect(treasureHuntMotions(before, after)).toEqual([
      { kind: "slide", target: `.th-svg [data-cell="${pair[0]}"]`, from: [b.x - a.x, b.y - a.y] },
      { kind: "slide", target: `.th-svg [data-cell="${pair[1]}"]`, from: [a.x - b.x, a.y - b.y] },
    ]);
  });

  it("measures a swap on Purple's side of the table, turned 180°", () => {
    const motions = treasureHuntMotions(purpleSwap as BoardState, purpleStep as BoardState);
    expect(motions.map((m) => m.kind)).toEqual(["slide", "slide"]);
    const [first] = motions as Array<{ target: string; from: [number, number] }>;
    const name = /data-cell="(\w+)"/.exec(first.target)![1];
    const pair = swappedCells(purpleSwap.view.board, purpleStep.view.board)!;
    const other = pair.find((c) => c !== name)!;
    const [a, b] = [corner(name, true), corner(other, true)];
    expect(first.from).toEqual([b.x - a.x, b.y - a.y]);
    expect(first.from).not.toEqual([corner(other, false).x - corner(name, false).x,
      corner(other, false).y - corner(name, false).y]);
  });

  it("walks the pawn along its step and the cells the cards carried it to, square by square", () => {
    const before = standardStep as BoardState;
    const { dir, path } = carriedStep(before, 1);
    const after = afterStep(before, dir, path);
    const motions = treasureHuntMotions(before, after);
    expect(motions).toHaveLength(1);
    const walk = motions[0] as { kind: string; target: string; path: [number, number][] };
    expect(walk.kind).toBe("walk");
    expect(walk.target).toBe(".th-svg .th-pawn-0");
    const squares = squareBySquare(path);
    const end = corner(cellName(squares[squares.length - 1]), false);
    expect(walk.path).toEqual(squares.slice(0, -1).map((c) => {
      const at = origin(c, false);
      return [at.x - end.x, at.y - end.y];
    }));
    // the first place of the walk is the cell the pawn stood on
    const start = corner(before.view.pawns[0], false);
    expect(walk.path[0]).toEqual([start.x - end.x, start.y - end.y]);
  });

  it("cuts a carried hop of several cells into single squares", () => {
    expect(squareBySquare([cell("a1"), cell("a2"), cell("d2")]).map(cellName)).toEqual(["a1", "a2", "b2", "c2", "d2"]);
    expect(squareBySquare([cell("c3")]).map(cellName)).toEqual(["c3"]);
  });

  it("animates nothing during the deal or when nothing moved", () => {
    const deal = replayDeal as BoardState;
    expect(treasureHuntMotions(deal, { ...deal, version: deal.version + 1 })).toEqual([]);
    expect(treasureHuntMotions(standardStep as BoardState, standardStep as BoardState)).toEqual([]);
  });
});
