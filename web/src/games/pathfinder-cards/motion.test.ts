// What the Pathfinder (cards) board animates: a maze card turning face up flips, for the Maker (his
// face-down card now up) and for the Runner (a card she did not know now shown).
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { pathfinderCardsMotions, turnedUp } from "./motion";
import explore from "./fixtures/explore-start.json";
import makerWaiting from "./fixtures/maker-waiting.json";

type Card = { cell: string; card?: string; up?: boolean };

function withCards(state: BoardState, change: (card: Card) => Card): BoardState {
  return { ...state, view: { ...state.view, cards: state.view.cards.map(change) }, version: state.version + 1 };
}

describe("Pathfinder (cards) motions", () => {
  it("flips a card the Runner explored, as the Maker sees it", () => {
    const before = makerWaiting as BoardState;
    const down = before.view.cards.find((c: Card) => !c.up) as Card;
    const after = withCards(before, (c) => (c.cell === down.cell ? { ...c, up: true } : c));
    expect(turnedUp(before, after)).toEqual([down.cell]);
    expect(pathfinderCardsMotions(before, after)).toEqual([
      { kind: "flip", target: `.pfc-maze-svg [data-cell="${down.cell}"]` }]);
  });

  it("flips a card the Runner sees for the first time", () => {
    const before = explore as BoardState;
    const hidden = before.view.cards.find((c: Card) => c.card === undefined) as Card;
    const after = withCards(before, (c) => (c.cell === hidden.cell ? { ...c, card: "7S" } : c));
    expect(pathfinderCardsMotions(before, after)).toEqual([
      { kind: "flip", target: `.pfc-maze-svg [data-cell="${hidden.cell}"]` }]);
  });

  it("flips nothing when no card turned, nor during the build", () => {
    const before = makerWaiting as BoardState;
    expect(pathfinderCardsMotions(before, { ...before, version: before.version + 1 })).toEqual([]);
    const building = { ...before, view: { ...before.view, phase: "build" } };
    expect(pathfinderCardsMotions(building, withCards(building, (c) => ({ ...c, up: true })))).toEqual([]);
  });
});
