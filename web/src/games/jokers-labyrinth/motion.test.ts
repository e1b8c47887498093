// What the Joker's Labyrinth board animates: Dungeon cards turning face up flip, a Jack walks the
// cells it moved through, cell by cell.
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { PITCH_X, PITCH_Y } from "./board";
import { jokersMotions, movedCells, turnedUp } from "./motion";

function emptyBoard(): string[][] {
  return Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => (r > 0 && r < 8 && c > 0 && c < 8 ? "#" : "")));
}

function state(board: string[][], cells: (string | null)[], texts: [number, string][] = [], from = 0): BoardState {
  return {
    game: "jokers-labyrinth", options: {}, seat: 0, numSeats: cells.length, legal: [], toAct: 0, status: "playing",
    version: from + texts.length, interactive: true,
    events: texts.map(([player, text], k) => ({ n: from + k, player, text })),
    view: { board, players: cells.map((cell, i) => ({ seat: `P${i + 1}`, cell })) },
  };
}

describe("Joker's Labyrinth motions", () => {
  it("flips the cards turned face up: a reveal, a Recon's area", () => {
    const before = emptyBoard();
    const after = emptyBoard();
    after[1][2] = "7S";
    after[2][2] = "AS/8S*"; // an Ace with its Guardian
    after[3][3] = "#QH"; // peeked, still face down: no flip
    expect(turnedUp(before, after)).toEqual(["b1", "b2"]);
    const motions = jokersMotions(state(before, ["a0", null]), state(after, ["a0", null], [[1, "reveal down"]]));
    expect(motions).toEqual([
      { kind: "flip", target: '.jl-dungeon [data-cell="b1"] > .jl-face' },
      { kind: "flip", target: '.jl-dungeon [data-cell="b2"] > .jl-face' },
    ]);
  });

  it("walks a Jack cell by cell through its moves and Boost", () => {
    const board = emptyBoard();
    const before = state(board, ["a0", "c3"], [[0, "first P1"]]);
    const after = state(board, ["a0", "c5"], [[0, "first P1"], [1, "move down"], [1, "boost 3H down"]]);
    expect(movedCells("c3", ["move down", "reveal left", "boost 3H down", "end"])).toEqual(["c4", "c5"]);
    expect(jokersMotions(before, after)).toEqual([{
      kind: "walk", target: '.jl-dungeon .jl-jack[data-seat="P2"]',
      path: [[0, -2 * PITCH_Y], [0, -PITCH_Y]],
    }]);
  });

  it("slides a Jack put elsewhere without moving (a Queen's swap)", () => {
    const board = emptyBoard();
    const before = state(board, ["a0", "c3"]);
    const after = state(board, ["c3", "a0"], [[1, "swap QS P1 P2"]]);
    expect(jokersMotions(before, after)).toEqual([
      { kind: "walk", target: '.jl-dungeon .jl-jack[data-seat="P1"]', path: [[-2 * PITCH_X, -3 * PITCH_Y]] },
      { kind: "walk", target: '.jl-dungeon .jl-jack[data-seat="P2"]', path: [[2 * PITCH_X, 3 * PITCH_Y]] },
    ]);
  });

  it("animates nothing when nothing turned or moved", () => {
    const board = emptyBoard();
    expect(jokersMotions(state(board, ["a0", null]), state(board, ["a0", null], [[0, "end"]]))).toEqual([]);
  });
});
