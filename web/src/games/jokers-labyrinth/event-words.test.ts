// The event log in words: event texts as `mazeworks play jokers-labyrinth` prints them (seed 7,
// random agents) and the chance texts of the rules page → the words the log shows.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { describeEvent } from "./event-words";
import { jokersLabyrinthUI } from "./index";

const state = { game: "jokers-labyrinth", events: [] } as unknown as BoardState;
const words = (text: string, player: number | "chance" = 0) => describeEvent({ n: 1, player, text }, state);

describe("The Joker's Labyrinth events in words", () => {
  it("tells the set-up and the actions", () => {
    expect(words("jack H")).toBe("took the Jack of hearts");
    expect(words("spot a0")).toBe("put the Jack on start spot a0");
    expect(words("reveal down")).toBe("turned up the card below");
    expect(words("fight down")).toBe("fought below");
    expect(words("move left")).toBe("moved left");
    expect(words("end")).toBe("ended the turn");
    expect(words("scavenge")).toBe("scavenged");
    expect(words("keep")).toBe("kept the card");
    expect(words("discard")).toBe("discarded the card");
    expect(words("debt")).toBe("took 2 debt");
    expect(words("peek c3")).toBe("peeked at c3");
  });

  it("tells the card actions, with the cards as the board prints them", () => {
    expect(words("boost AS up")).toBe("boosted up, discarding A♠");
    expect(words("use 9H")).toBe("fought with 9♥");
    expect(words("nocard")).toBe("fought with no value card");
    expect(words("swap QC P1 P2")).toBe("swapped Player 1 and Player 2 with Q♣");
    expect(words("shuffle AH d5")).toBe("made a Reality Shuffle around d5 with A♥");
    expect(words("portal 9D down")).toBe("opened a portal below, discarding 9♦");
    expect(words("hinder QH P1")).toBe("hindered Player 1 with Q♥");
    expect(words("shift AS c7 right")).toBe("shifted the Hazard on c7 right with A♠");
    expect(words("pay 5D* 7H*")).toBe("paid 2 debt with 5♦* and 7♥*");
    expect(words("gain KH")).toBe("gained an action with K♥");
    expect(words("reroll 36f")).toBe("rerolled the 3s, the 6s and the final die (King)");
    expect(words("reroll")).toBe("rerolled a die (King)");
    expect(words("reroll one 2")).toBe("set aside one 2 to reroll (King)");
    expect(words("roll")).toBe("rerolled the dice set aside (King)");
    expect(words("reroll one 7")).toBeNull();
  });

  it("tells the chance events", () => {
    expect(words("first P2", "chance")).toBe("Player 2 moves first");
    expect(words("card 9H", "chance")).toBe("9♥ drawn");
    expect(words("card 10D*", "chance")).toBe("10♦* drawn");
    expect(words("card JK2", "chance")).toBe("Joker 2 drawn");
    expect(words("die 4", "chance")).toBe("a die shows 4");
  });

  it("tells a secret move's sentence with the seat named as the log names it", () => {
    expect(words("P2 commits a value card (hidden)")).toBe("committed a value card (hidden)");
    expect(words("P1 draws a Scavenger card (hidden)", "chance")).toBe("Player 1 drew a Scavenger card (hidden)");
    expect(words("a card is dealt face down to c3 for P1's peek (hidden)", "chance"))
      .toBe("a card is dealt face down to c3 for Player 1's peek (hidden)");
    // the engine's words now, and those of records written before (P1)
    expect(words("Player 2 commits a value card (hidden)")).toBe("committed a value card (hidden)");
    expect(words("Player 1 draws a Scavenger card (hidden)", "chance")).toBe("Player 1 drew a Scavenger card (hidden)");
    expect(words("a card is dealt face down to c3 for Player 1's peek (hidden)", "chance"))
      .toBe("a card is dealt face down to c3 for Player 1's peek (hidden)");
  });

  it("answers null for a text it does not know", () => {
    expect(words("teleport z9")).toBeNull();
    expect(words("move sideways")).toBeNull();
    expect(words("card 1Z", "chance")).toBeNull();
    expect(words("")).toBeNull();
    const e: GameEvent = { n: 3, player: 1, text: "move up" };
    expect(jokersLabyrinthUI.describeEvent?.(e, state)).toBe("moved up");
  });
});
