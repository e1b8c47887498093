// The last turns in words: Figure 2's turn, and the lines drawn beside a real position.
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { parseCell } from "./geometry";
import { lastTurns } from "./history";
import { describeTurn } from "./turn-words";
import purpleStep from "./fixtures/standard-purple-step.json";

const view = { seats: ["Green", "Purple"] };

describe("describeTurn", () => {
  const figure2 = {
    player: 0, n: 30, swap: ["a1", "a4"] as [string, string], cards: ["2D", "3D"] as [string, string],
    path: ["e2", "e1", "a1", "a3", "d3"].map((c) => parseCell(c)!), scored: "4D",
  };

  it("tells Figure 2's turn: the swap, the step, the ride and the score", () => {
    expect(describeTurn(figure2, view, 1)).toBe("Green swapped 2♦ and 3♦, stepped to e1 and was carried to d3, scoring 4♦.");
    expect(describeTurn(figure2, view, 0)).toBe("You swapped 2♦ and 3♦, stepped to e1 and were carried to d3, scoring 4♦.");
  });

  it("tells a step that stays put, and a turn still waiting for its step", () => {
    const still = { ...figure2, path: [parseCell("e2")!, parseCell("e3")!], scored: null };
    expect(describeTurn(still, view, null)).toBe("Green swapped 2♦ and 3♦, stepped to e3.");
    expect(describeTurn({ ...figure2, path: null }, view, null)).toBe("Green swapped 2♦ and 3♦, and is about to step.");
  });

  it("tells each player's last turn beside a real position", () => {
    const state = purpleStep as BoardState;
    const lines = lastTurns(state).map((t) => describeTurn(t, state.view, state.seat));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Green swapped \S+ and \S+, stepped to [a-e][1-5]/);
    expect(lines[1]).toMatch(/^You swapped \S+ and \S+, and are about to step\.$/);
  });
});
