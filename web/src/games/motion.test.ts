// The helpers every game's motions share (games/motion.ts).
import { describe, expect, it } from "vitest";
import { newEvents, quoted, walkedSquares } from "./motion";
import type { BoardState } from "./types";

function withEvents(texts: string[]): BoardState {
  return { game: "g", options: {}, seat: 0, numSeats: 2, view: {}, legal: [], toAct: 0, status: "playing",
    version: texts.length, events: texts.map((text, n) => ({ n, player: 1, text })), interactive: true };
}

describe("motion helpers", () => {
  it("finds the events a new state brings", () => {
    expect(newEvents(withEvents(["a", "b"]), withEvents(["a", "b", "c", "d"])).map((e) => e.text)).toEqual(["c", "d"]);
    expect(newEvents(withEvents(["a"]), withEvents(["a"]))).toEqual([]);
  });

  it("walks the steps up to the last arrival at the destination", () => {
    expect(walkedSquares("a1", "a3", ["a2", "a3"])).toEqual(["a1", "a2", "a3"]);
    // a refused last step: the piece stays where the walk had got to
    expect(walkedSquares("a1", "a2", ["a2", "a3"])).toEqual(["a1", "a2"]);
    // there and back
    expect(walkedSquares("a1", "a1", ["a2", "a1"])).toEqual(["a1", "a2", "a1"]);
    // repeated names are one square
    expect(walkedSquares("a1", "a2", ["a1", "a2", "a2"])).toEqual(["a1", "a2"]);
  });

  it("slides straight to a place the steps do not lead to", () => {
    expect(walkedSquares("a1", "e5", [])).toEqual(["a1", "e5"]);
    expect(walkedSquares("a1", "e5", ["a2", "a3"])).toEqual(["a1", "e5"]);
  });

  it("quotes attribute values for selectors", () => {
    expect(quoted("2,3")).toBe('"2,3"');
    expect(quoted('a"b')).toBe('"a\\"b"');
  });
});
