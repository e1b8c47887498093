// The click paths of single decisions, on a small hand-made state (the Jack of P1 on c3).
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { clicksFor, PathIndex, pathsFor, tokenSelector } from "./paths";

const state = {
  game: "jokers-labyrinth", options: {}, seat: 0, numSeats: 2, toAct: 0, status: "playing",
  version: 1, events: [], interactive: true,
  view: { players: [{ seat: "P1", cell: "c3" }, { seat: "P2", cell: "d3" }] },
  legal: ["move up", "fight right", "move right", "pay 5D 7H*", "use 5D", "swap QH P1 P2", "end",
    "reroll 36f", "shift AS c2 left"],
} as unknown as BoardState;

describe("pathsFor", () => {
  it("puts directions on the cell next to the acting Jack", () => {
    expect(pathsFor("move up", state)).toEqual([["cell:c2"]]);
    expect(pathsFor("fight right", state)).toEqual([["cell:d3"]]);
    expect(pathsFor("reveal left", state)).toEqual([["cell:b3"]]);
  });
  it("accepts both orders for pairs", () => {
    expect(pathsFor("pay 5D 7H*", state)).toEqual([["card:5D", "card:7H*"], ["card:7H*", "card:5D"]]);
    expect(pathsFor("swap QH P1 P2", state)![1]).toEqual(["card:QH", "seat:P2", "seat:P1"]);
  });
  it("names the Hazard Shift by the card, the Hazard's cell and its new cell", () => {
    expect(pathsFor("shift AS c2 left", state)).toEqual([["card:AS", "cell:c2", "cell:b2"]]);
  });
  it("leaves face rerolls to the dice toggles", () => {
    expect(pathsFor("reroll 36f", state)).toBeNull();
    expect(clicksFor("reroll 36f", state)).toEqual(
      ["face:3", "face:6", "face:f", "btn:reroll-dice"].map(tokenSelector));
  });
});

describe("PathIndex", () => {
  const index = new PathIndex(state.legal, state);
  it("decides a move once its clicks name it alone", () => {
    expect(index.decided(["cell:c2"])).toBe("move up");
    expect(index.decided(["card:5D"])).toBeNull();
    expect(index.at(["card:5D"])).toEqual({ next: new Set(["card:7H*"]), complete: ["use 5D"] });
  });
  it("asks through the menu when two moves share the clicks", () => {
    expect(index.decided(["cell:d3"])).toBeNull();
    expect(clicksFor("fight right", state)).toEqual(
      [tokenSelector("cell:d3"), '.jl-menu [data-move="fight right"]']);
  });
  it("gives no clicks for a move that is not legal or when not interactive", () => {
    expect(clicksFor("move down", state)).toBeNull();
    expect(clicksFor("end", { ...state, interactive: false })).toBeNull();
  });
});
