// The event log in words: real event texts from captured positions → the words the log shows.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { describeEvent } from "./event-words";
import { treasureHuntUI } from "./index";
import standard from "./fixtures/standard-purple-step.json";
import specialized from "./fixtures/specialized-step.json";

const stdState = standard as BoardState;
const spcState = specialized as BoardState;
const words = (state: BoardState, n: number) => describeEvent(state.events[n], state);

describe("Treasure Hunt events in words", () => {
  it("tells the deal, with the cell each card is dealt to (row-major)", () => {
    expect(stdState.events[0].text).toBe("deal AS");
    expect(words(stdState, 0)).toBe("A♠ dealt to a1");
    expect(stdState.events[2].text).toBe("deal 10D");
    expect(words(stdState, 2)).toBe("10♦ dealt to c1");
    expect(stdState.events[24].text).toBe("deal 4D");
    expect(words(stdState, 24)).toBe("4♦ dealt to e5");
    expect(words(spcState, 0)).toBe("Green 1 dealt to a1");
    expect(words(spcState, 1)).toBe("Treasure 4 dealt to b1");
    // an event not in the state's log still gets its card
    expect(describeEvent({ n: 99, player: "chance", text: "deal 7D" }, stdState)).toBe("7♦ dealt");
  });

  it("tells the first player, swaps and steps", () => {
    expect(spcState.events[25].text).toBe("first purple");
    expect(words(spcState, 25)).toBe("Purple moves first");
    expect(spcState.events[26].text).toBe("T2-G3");
    expect(words(spcState, 26)).toBe("swapped Treasure 2 and Green 3");
    expect(stdState.events[25].text).toBe("8D-2C");
    expect(words(stdState, 25)).toBe("swapped 8♦ and 2♣");
    expect(stdState.events[27].text).toBe("10D-AH");
    expect(words(stdState, 27)).toBe("swapped 10♦ and A♥");
    expect(stdState.events[26].text).toBe("down");
    expect(words(stdState, 26)).toBe("stepped down");
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
