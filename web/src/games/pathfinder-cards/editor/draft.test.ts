import { describe, expect, it } from "vitest";
import { MazeDraft, parsePlacement, textCellToTable } from "./draft";
import { EMPTY_TABLE_WINDOW, windowAround } from "./geometry";
import { NOT_ONE_PIECE, NO_DIAMOND_PATH, localVerdict, problemCells } from "./problems";
import { RULES_PAGE_MAZE } from "./test-support";

function rulesPageDraft(dx = 0, dy = 0): MazeDraft {
  const draft = new MazeDraft("square");
  for (const [card, cell] of RULES_PAGE_MAZE) {
    const [x, y] = cell.split(",").map(Number);
    draft.place(card, `${x + dx},${y + dy}`);
  }
  return draft;
}

describe("MazeDraft", () => {
  it("places, moves, swaps and returns cards", () => {
    const draft = new MazeDraft("square");
    expect(draft.place("AD", "3,3")).toBe(true);
    expect(draft.place("JK", "4,3")).toBe(true);
    draft.place("AD", "5,5"); // a move
    expect(draft.cellOf("AD")).toBe("5,5");
    expect(draft.cardAt("3,3")).toBeUndefined();
    draft.place("AD", "4,3"); // onto the Joker: they swap places
    expect(draft.cardAt("4,3")).toBe("AD");
    expect(draft.cardAt("5,5")).toBe("JK");
    draft.place("2D", "4,3"); // from the tray onto A♦: A♦ goes back to the tray
    expect(draft.cardAt("4,3")).toBe("2D");
    expect(draft.cellOf("AD")).toBeUndefined();
    expect(draft.trayCards()).toContain("AD");
    expect(draft.remove("2D")).toBe(true);
    expect(draft.size).toBe(1);
  });

  it("keeps committed cards where the server has them", () => {
    const draft = new MazeDraft("square", new Map([["2,2", "AD"]]));
    expect(draft.place("AD", "3,3")).toBe(false);
    expect(draft.place("JK", "2,2")).toBe(false);
    draft.place("JK", "2,3");
    draft.clear();
    expect(draft.entries()).toEqual([["2,2", "AD"]]);
    // The server committed a card on a draft card's cell: the draft card goes back to the tray.
    draft.place("JK", "3,2");
    draft.setCommitted(new Map([["2,2", "AD"], ["3,2", "2D"]]));
    expect(draft.cellOf("JK")).toBeUndefined();
    expect(draft.committedCount).toBe(2);
  });

  it("writes the whole-maze text from the design's top-left corner", () => {
    const draft = rulesPageDraft(17, 20);
    expect(draft.wholeMazeText()).toBe(
      "AC 2C 3C 4C 5C 6C 7C 8C / 9C 10C JC QC KC 8D 9D 10D / AD 2D 3D 4D 5D 6D 7D JK / " +
      "AS 2S 3S 4S 5S 6S 7S 8S / 9S 10S JS QS KS JD QD KD");
    expect(draft.origin()).toEqual({ x: 17, y: 20 });
    const gappy = new MazeDraft("square");
    gappy.place("AD", "5,5");
    gappy.place("JK", "7,6");
    expect(gappy.wholeMazeText()).toBe("AD / . . JK");
  });

  it("orders the uncommitted cards breadth first from the committed ones", () => {
    const draft = new MazeDraft("square", new Map([["1,0", "AD"]]));
    draft.place("2D", "0,0");
    draft.place("3D", "2,0");
    draft.place("JK", "2,1");
    expect(draft.placementsAfterCommitted()).toEqual(["3D@2,0", "2D@0,0", "JK@2,1"]);
    draft.place("5S", "9,9");
    expect(draft.placementsAfterCommitted()).toBeNull();
  });

  it("finds the pieces with the hex board's six neighbours", () => {
    const draft = new MazeDraft("hex");
    draft.place("AD", "3,3");
    draft.place("2D", "4,2"); // NE of 3,3: a neighbour on the hex board only
    draft.place("3D", "4,4"); // SE diagonal: not a hex neighbour
    expect(draft.pieces().map((p) => p.length)).toEqual([2, 1]);
  });
});

describe("validity and problems", () => {
  it("accepts the rules page's maze and names what is wrong with others", () => {
    expect(localVerdict(rulesPageDraft(), false)).toEqual({ ok: true, message: "valid" });
    const cut = rulesPageDraft();
    cut.place("JK", "12,2");
    expect(localVerdict(cut, false).message).toBe(NOT_ONE_PIECE);
    expect(problemCells(cut, "the cards are not all joined edge to edge in one piece (G1.1)", cut.origin()))
      .toEqual(["12,2"]);
    const blocked = rulesPageDraft();
    blocked.place("AD", "0,3"); // swaps with A♠: A♦ among the spades, no diamond next to it
    expect(localVerdict(blocked, false).message).toBe(NO_DIAMOND_PATH);
    expect(problemCells(blocked, "no path of edge-adjacent diamonds leads from A♦ to a card next to the Joker",
      blocked.origin())).toEqual(["0,3", "7,2"]);
    const partial = new MazeDraft("square");
    partial.place("AD", "0,0");
    expect(localVerdict(partial, false)).toEqual({ ok: false, message: "place 39 more cards" });
  });

  it("shifts the cells a message names back onto the table", () => {
    const draft = rulesPageDraft(10, 10);
    expect(textCellToTable("2,1", draft.origin())).toBe("12,11");
    expect(problemCells(draft, "cell 2,1: 'XX' is not a maze card", draft.origin())).toEqual(["12,11"]);
  });
});

describe("notation and windows", () => {
  it("reads placements in every written form", () => {
    expect(parsePlacement("AD@3,2")).toEqual(["AD", "3,2"]);
    expect(parsePlacement("10c 12,30")).toEqual(["10C", "12,30"]);
    expect(parsePlacement("place JK (4,5)")).toEqual(["JK", "4,5"]);
    expect(parsePlacement("explore 3,2")).toBeNull();
    expect(parsePlacement("7H@1,1")).toBeNull();
  });

  it("draws the cells next to every card, on the table", () => {
    expect(windowAround([], true)).toEqual(EMPTY_TABLE_WINDOW);
    expect(windowAround(["0,0", "7,4"], true)).toEqual({ x0: 0, y0: 0, x1: 9, y1: 6 });
    expect(windowAround(["39,39"], true)).toEqual({ x0: 30, y0: 34, x1: 39, y1: 39 });
    expect(windowAround(["3,3"], false)).toEqual({ x0: -1, y0: 1, x1: 8, y1: 6 });
  });
});
