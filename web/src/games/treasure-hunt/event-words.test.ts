// The event log in words: real event texts from captured positions → the words the log shows.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { createEventLog, runDescriber } from "../../app/event-log";
import { describeEvent, foldEvents } from "./event-words";
import { treasureHuntUI } from "./index";
import standard from "./fixtures/standard-purple-step.json";
import specialized from "./fixtures/specialized-step.json";

const stdState = standard as BoardState;
const spcState = specialized as BoardState;
const words = (state: BoardState, n: number) => describeEvent(state.events[n], state);
/** Event `n` of `state` is `text` in the engine's notation and `said` in the log's words. */
const expectEvent = (state: BoardState, n: number, text: string, said: string) => {
  expect(state.events[n].text).toBe(text);
  expect(words(state, n)).toBe(said);
};

describe("Treasure Hunt events in words", () => {
  it("tells the deal, with the cell each card is dealt to (row-major)", () => {
    expectEvent(stdState, 0, "deal AS", "A♠ dealt to a1");
    expectEvent(stdState, 2, "deal 10D", "10♦ dealt to c1");
    expectEvent(stdState, 24, "deal 4D", "4♦ dealt to e5");
    expect(words(spcState, 0)).toBe("Green 1 dealt to a1");
    expect(words(spcState, 1)).toBe("Treasure 4 dealt to b1");
    // an event not in the state's log still gets its card
    expect(describeEvent({ n: 99, player: "chance", text: "deal 7D" }, stdState)).toBe("7♦ dealt");
  });

  it("tells the first player, swaps and steps", () => {
    expectEvent(spcState, 25, "first purple", "Purple moves first");
    expectEvent(spcState, 26, "T2-G3", "swapped Treasure 2 and Green 3");
    expectEvent(stdState, 25, "8D-2C", "swapped 8♦ and 2♣");
    expectEvent(stdState, 27, "10D-AH", "swapped 10♦ and A♥");
    expectEvent(stdState, 26, "down", "stepped down");
    expect(words(stdState, 28)).toBe("stepped left");
  });

  it("answers null for a text it does not know", () => {
    const odd = (text: string): GameEvent => ({ n: 5, player: 0, text });
    expect(describeEvent(odd("teleport a1"), stdState)).toBeNull();
    expect(describeEvent(odd("ZZ-AS"), stdState)).toBeNull();
    expect(describeEvent(odd("deal XX"), stdState)).toBeNull();
    expect(describeEvent(odd(""), stdState)).toBeNull();
  });

  it("is the game's describeEvent", () => {
    expect(treasureHuntUI.describeEvent?.(stdState.events[0], stdState)).toBe("A♠ dealt to a1");
  });
});

describe("Treasure Hunt set-up runs in words", () => {
  it("tells the deal folded in the log as one sentence", () => {
    const deal = stdState.events.slice(0, 25);
    expect(foldEvents(deal, stdState)).toBe("The 25 cards are dealt");
    expect(foldEvents(deal.slice(0, 10), stdState)).toBe("10 of the 25 cards are dealt");
    expect(foldEvents(stdState.events.slice(25, 29), stdState)).toBeNull();
    const log = createEventLog();
    const marked = stdState.events.map((e, i) => (i < 25 ? { ...e, setup: true } : e));
    log.show(marked, 1, undefined, ["Green", "Purple"], undefined, runDescriber(treasureHuntUI, stdState));
    expect(log.el.querySelector(".event-list > li summary")?.textContent).toBe("The 25 cards are dealt");
    expect(log.el.querySelector(".turn-heading")?.textContent).toBe("Set-up");
  });
});
