// Involuntary movement and the log replay against the rules' worked examples (RULINGS G3.7, the
// canonical fixture of docs/rules/treasure-hunt.md: Figures 1 and 2) and real engine games.
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { chainPath, type ChainRules, type Grid } from "./chain";
import { cellName, parseCell } from "./geometry";
import { lastTurns } from "./history";
import over from "./fixtures/standard-over.json";
import specializedStep from "./fixtures/specialized-step.json";
import purpleStep from "./fixtures/standard-purple-step.json";
import variantStep from "./fixtures/variant-step.json";

const figure1: Grid = [
  ["3D", "7D", "KD", "JD", "4C"],
  ["AC", "3C", "2H", "AH", "2C"],
  ["3S", "4H", "QD", "4D", "10D"],
  ["2D", "AD", "2S", "5D", "8D"],
  ["4S", "9D", "3H", "AS", "6D"],
];
const standardKey: ChainRules = { key: { D: "down", C: "left", H: "up", S: "right" }, stopOnRepeat: false };

function path(board: Grid, start: string, treasure: string, rules = standardKey): string[] {
  return chainPath(board, parseCell(start)!, treasure, rules).map(cellName);
}

describe("chainPath", () => {
  it("Figure 1: the Ace of Hearts sends Green up one; the Jack of Diamonds cannot move it 11 down", () => {
    expect(path(figure1, "d2", "4D")).toEqual(["d2", "d1"]);
  });

  it("Figure 1: the Ten of Diamonds cannot move at all", () => {
    expect(path(figure1, "e3", "4D")).toEqual(["e3"]);
  });

  it("Figure 2: 4♣ → 2♦ → 3♠ → the Four of Diamonds, where the Treasure stops the pawn", () => {
    const figure2 = figure1.map((row) => [...row]);
    [figure2[0][0], figure2[3][0]] = ["2D", "3D"];
    expect(path(figure2, "e1", "4D")).toEqual(["e1", "a1", "a3", "d3"]);
  });

  it("stops before a repeated card, or on it with cycleRule=stopOnRepeat", () => {
    // b1 (A♠) → c1 (A♣) → back to b1: a cycle of two.
    const loop: Grid = figure1.map((row) => [...row]);
    loop[0][1] = "AS";
    loop[0][2] = "AC";
    expect(path(loop, "b1", "4D")).toEqual(["b1", "c1"]);
    expect(path(loop, "b1", "4D", { ...standardKey, stopOnRepeat: true })).toEqual(["b1", "c1", "b1"]);
  });
});

describe("lastTurns", () => {
  it.each([
    ["a finished standard game", over],
    ["a standard game in Purple's step", purpleStep],
    ["a specialized game", specializedStep],
    ["mapKey=LDRU, cycleRule=stopOnRepeat", variantStep],
  ])("replays %s onto its view: each player's last swap and path", (_name, fixture) => {
    const state = fixture as BoardState;
    const turns = lastTurns(state);
    expect(turns.map((t) => t.player).sort()).toEqual([0, 1]);
    for (const turn of turns) {
      if (turn.path) expect(cellName(turn.path[turn.path.length - 1])).toBe(state.view.pawns[turn.player]);
    }
  });

  it("gives nothing for a log that does not replay onto the view", () => {
    const state = purpleStep as BoardState;
    expect(lastTurns({ ...state, events: state.events.slice(1) })).toEqual([]);
    expect(lastTurns({ ...state, view: { ...state.view, pawns: ["a1", "a1"] } })).toEqual([]);
  });
});
