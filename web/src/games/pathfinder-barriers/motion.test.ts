// What a Pathfinder board animates: the searching explorer walks the squares its questions took it
// through, on the grid it searches, square by square.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { squareBox } from "./grid-svg";
import { pathfinderMotions, questionSquares } from "./motion";
import { parseSquare } from "./notation";

function state(seat: number | null, explorers: (string | null)[], texts: [number, string][], phase = "play"): BoardState {
  const events: GameEvent[] = texts.map(([player, text], n) => ({ n, player, text }));
  return {
    game: "pathfinder-barriers", options: {}, seat, numSeats: 2, legal: [], toAct: 0, status: "playing",
    version: events.length, events, interactive: seat !== null,
    view: { phase, tracking: explorers.map((explorer) => ({ explorer, blocked: [], open: [], trail: [] })) },
  };
}

/** The offsets of `squares` from the last one, in the grid's units. */
function offsets(...squares: string[]): [number, number][] {
  const boxes = squares.map((name) => squareBox(parseSquare(name)!));
  const end = boxes[boxes.length - 1];
  return boxes.slice(0, -1).map((b) => [b.x - end.x, b.y - end.y]);
}

describe("Pathfinder motions", () => {
  const earlier: [number, string][] = [[0, "enter C-1"], [1, "enter A-1"]];

  it("walks the computer's explorer on the observer's home grid, square by square", () => {
    const before = state(0, ["C-1", "A-1"], earlier);
    const after = state(0, ["C-1", "B-2"], [...earlier, [1, "A-1>A-2"], [1, "A-2>B-2"]]);
    expect(pathfinderMotions(before, after)).toEqual([
      { kind: "walk", target: '[data-grid="home"] .pfb-pawn-tall', path: offsets("A-1", "A-2", "B-2") },
    ]);
  });

  it("walks a walk back over known ground, given as one text", () => {
    const before = state(1, ["D-3", null], earlier);
    const after = state(1, ["D-1", null], [...earlier, [0, "D-3>D-2>D-1"]]);
    expect(pathfinderMotions(before, after)).toEqual([
      { kind: "walk", target: '[data-grid="home"] .pfb-pawn-tall', path: offsets("D-3", "D-2", "D-1") },
    ]);
  });

  it("stops where a question was answered No, and starts on the square entered", () => {
    const before = state(0, ["C-1", null], earlier);
    const after = state(0, ["C-1", "F-2"], [...earlier, [1, "exit"], [1, "enter F-1"], [1, "F-1>F-2"], [1, "F-2>F-3"]]);
    expect(pathfinderMotions(before, after)).toEqual([
      { kind: "walk", target: '[data-grid="home"] .pfb-pawn-tall', path: offsets("F-1", "F-2") },
    ]);
  });

  it("names the grids North's and South's for a spectator", () => {
    const before = state(null, ["C-1", "A-1"], earlier);
    const after = state(null, ["C-2", "A-1"], [...earlier, [0, "C-1>C-2"]]);
    expect(pathfinderMotions(before, after)[0].target).toBe('[data-grid="south"] .pfb-pawn-tall');
  });

  it("animates nothing for a refused question, an entry alone, or during the set-up", () => {
    const before = state(0, ["C-1", "A-1"], earlier);
    expect(pathfinderMotions(before, state(0, ["C-1", "A-1"], [...earlier, [1, "A-1>A-2"]]))).toEqual([]);
    expect(pathfinderMotions(state(0, ["C-1", null], earlier),
      state(0, ["C-1", "B-1"], [...earlier, [1, "enter B-1"]]))).toEqual([]);
    expect(pathfinderMotions(state(0, [null, null], [], "setup"), state(0, [null, null], [[1, "pawn A-1"]], "setup"))).toEqual([]);
  });

  it("reads the squares of entries, steps and walks", () => {
    expect(questionSquares(["enter B-1", "B-1>B-2", "B-2>B-3>B-4", "exit", "B-4>exit"])).toEqual(["B-1", "B-2", "B-3", "B-4"]);
  });
});
