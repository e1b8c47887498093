// Squares, slots and moves in the engine's canonical notation; the highlight of the last questions.
import { describe, expect, it } from "vitest";
import { gridFromActions } from "./editor";
import { recentQuestions } from "./highlight";
import { knownWalks } from "./walk";
import { allSlots, homeGridText, parseMove, parseSlot, parseSquare, questionInWords, slotName } from "./notation";

describe("notation", () => {
  it("reads squares in every accepted form", () => {
    expect(parseSquare("B-1")).toEqual({ row: 1, col: 0 });
    expect(parseSquare("f6")).toEqual({ row: 5, col: 5 });
    expect(parseSquare("G-1")).toBeNull();
    expect(parseSquare("A-7")).toBeNull();
  });

  it("writes slots lower square first, whatever order they were read in", () => {
    expect(slotName(parseSlot("B-4|B-3")!)).toBe("B-3|B-4");
    expect(slotName(parseSlot("F-1/E-1")!)).toBe("E-1|F-1");
    expect(slotName(parseSlot("|c1")!)).toBe("|C-1");
    expect(parseSlot("|C-2")).toBeNull(); // entries are on column 1 only
    expect(parseSlot("B-2|C-3")).toBeNull(); // diagonal
  });

  it("has the 66 slots of A-G2-2, each named once", () => {
    const names = allSlots().map(slotName);
    expect(names.length).toBe(66);
    expect(new Set(names).size).toBe(66);
    for (const name of names) expect(slotName(parseSlot(name)!)).toBe(name);
  });

  it("parses every kind of move the engine lists", () => {
    expect(parseMove("pawn E-5")).toEqual({ kind: "pawn", square: { row: 4, col: 4 } });
    expect(parseMove("bar |C-1")).toEqual({ kind: "bar", slot: { kind: "entry", row: 2, col: 0 } });
    expect(parseMove("done")).toEqual({ kind: "done" });
    expect(parseMove("enter B-1")?.kind).toBe("enter");
    expect(parseMove("enter B-2")).toBeNull();
    expect(parseMove("B-1>B-2")?.kind).toBe("step");
    expect(parseMove("B-1>C-2")).toBeNull();
    expect(parseMove("exit")?.kind).toBe("exit");
    expect(parseMove("first North")).toBeNull();
  });

  it("writes a whole home grid as parse_actions reads it", () => {
    expect(homeGridText({ pawn: "E-5", barriers: ["|C-1", "E-1|F-1"] })).toBe("E-5: |C-1 E-1|F-1");
    expect(gridFromActions(["pawn E-5", "bar |C-1", "done"])).toEqual({ pawn: "E-5", barriers: ["|C-1"] });
    expect(gridFromActions(["done"])).toBeNull();
  });

  it("says questions in words", () => {
    expect(questionInWords("enter B-1")).toBe("May I enter at B-1?");
    expect(questionInWords("B-1>B-2")).toBe("May I move from B-1 to B-2?");
    expect(questionInWords("D-1>exit")).toBe("May I exit from D-1?");
  });
});

describe("recentQuestions", () => {
  const event = (n: number, player: number | "chance", text: string) => ({ n, player, text });

  it("takes the last run of one searcher, without the square a final No refused", () => {
    const events = [
      event(0, "chance", "first North"),
      event(1, 0, "enter A-1"),
      event(2, 1, "enter C-1"),
      event(3, 1, "C-1>C-2"),
      event(4, 1, "C-2>B-2"),
    ];
    const recent = recentQuestions(events, "no")!;
    expect(recent.searcher).toBe(1);
    expect([...recent.squares]).toEqual(["C-1", "C-2"]);
    expect([...recent.slots]).toEqual(["|C-1", "C-1|C-2", "B-2|C-2"]);
  });

  it("stops at set-up decisions and finds nothing before the hunt", () => {
    expect(recentQuestions([event(0, 0, "pawn A-1"), event(1, 0, "North places a chip")], null)).toBeNull();
  });
});

describe("knownWalks", () => {
  it("reaches squares over known-open slots only, by the shortest path", () => {
    const open = ["|C-1", "C-1|C-2", "C-2|C-3", "B-3|C-3", "C-3|D-3"];
    const walks = knownWalks("C-3", open);
    expect(walks.get("C-1")).toEqual(["C-3", "C-2", "C-1"]);
    expect(walks.has("C-2")).toBe(false); // one step: an ordinary move
    expect(walks.has("A-3")).toBe(false); // B-3|A-3 is not known open
    expect([...walks.keys()].sort()).toEqual(["C-1"]);
  });
});
