// Reading the notation and the log: the pure helpers behind clicksFor and the last-move highlights.
import { describe, expect, it } from "vitest";
import { classify, clickSquareOf, parsePlacement, parseSquare } from "./notation";
import { flip, orientationNumber, orientationsOf, rotate } from "./pentominoes";
import { recentMoves } from "./recent";

describe("notation", () => {
  it("names squares by column letter and row number from the top-left", () => {
    expect(parseSquare("a1")).toEqual([0, 0]);
    expect(parseSquare("c4")).toEqual([3, 2]);
    expect(parseSquare("r18")).toEqual([17, 17]);
    expect(parseSquare("start")).toBeNull();
  });

  it("reads a placement code as the five squares it covers", () => {
    // The engine reads "I a1 b1 c1 d1 e1" as I1@a1 and "X b3 a4 b4 c4 b5" as X1@a3.
    expect(parsePlacement("I1@a1")!.squares).toEqual([[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]);
    expect(parsePlacement("I2@b2")!.squares).toEqual([[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]]);
    expect(parsePlacement("X1@a3")!.squares).toEqual([[2, 1], [3, 0], [3, 1], [3, 2], [4, 1]]);
    expect(parsePlacement("X1@a1")!.squares).toEqual([[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]);
    expect(parsePlacement("X2@a1")).toBeNull();
  });

  it("clicks a placement on its first square, in the top row", () => {
    expect(clickSquareOf(parsePlacement("X1@a1")!)).toBe("b1");
    expect(clickSquareOf(parsePlacement("I2@b2")!)).toBe("b2");
  });

  it("sorts moves by how they are clicked", () => {
    expect(classify("F2@c4").kind).toBe("place");
    expect(classify("coin F")).toEqual({ kind: "coinWall", piece: "F" });
    expect(classify("coin e7")).toEqual({ kind: "coinHole", hole: "e7" });
    expect(classify("tile e5>g3")).toEqual({ kind: "relocate", from: "e5", to: "g3" });
    expect(classify("fill e7 o13")).toEqual({ kind: "fill", hole: "e7", tile: "o13" });
    expect(classify("start")).toEqual({ kind: "step", square: "start" });
    expect(classify("h8")).toEqual({ kind: "step", square: "h8" });
    for (const text of ["pass", "recover", "stop", "block", "allow", "moons"]) {
      expect(classify(text)).toEqual({ kind: "button", text });
    }
  });
});

describe("turning pieces", () => {
  it("goes round in four quarter turns and back with two flips", () => {
    for (const piece of "FLNPY") {
      const first = orientationsOf(piece)[0];
      expect(rotate(rotate(rotate(rotate(first))))).toEqual(first);
      expect(flip(flip(first))).toEqual(first);
      expect(orientationNumber(piece, rotate(first))).toBeGreaterThan(1);
    }
  });
});

describe("recent moves", () => {
  it("takes the last two runs of one seat's moves, chance and block answers aside", () => {
    const events = [
      { n: 0, player: 0, text: "e5" },
      { n: 1, player: 1, text: "F2@c4" },
      { n: 2, player: 1, text: "i8" },
      { n: 3, player: 0, text: "allow" },
      { n: 4, player: 1, text: "h8" },
      { n: 5, player: "chance" as const, text: "roll 3" },
      { n: 6, player: 0, text: "coin F" },
      { n: 7, player: 0, text: "start" },
    ];
    const recent = recentMoves(events);
    expect(recent.paths).toEqual([{ seat: 0, squares: ["start"] }, { seat: 1, squares: ["i8", "h8"] }]);
    expect(recent.walls).toEqual(["F", "F"]);
  });
});
