// The event log in words: real event texts from captured positions → the words the log shows.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { createEventLog, runDescriber } from "../../app/event-log";
import { describeEvent, foldEvents } from "./event-words";
import { pathfinderCardsUI } from "./index";
import advancedExplore from "./fixtures/advanced-explore.json";
import alteration from "./fixtures/alteration.json";
import askAfterAnswer from "./fixtures/ask-after-answer.json";
import mainRecall from "./fixtures/main-recall.json";
import queenChoose from "./fixtures/queen-choose.json";

/** The event with this text in a captured state (so the test reads texts the server really sent). */
function real(state: unknown, text: string): GameEvent {
  const e = (state as BoardState).events.find((x) => x.text === text);
  if (!e) throw new Error(`no event "${text}" in the fixture`);
  return e;
}
const words = (state: unknown, text: string) => describeEvent(real(state, text), state as BoardState);

describe("Pathfinder cards events in words", () => {
  it("tells the Runner's moves", () => {
    expect(words(advancedExplore, "compass 7H")).toBe("chose 7♥ as the Compass card");
    expect(words(advancedExplore, "explore 1,2")).toBe("explored 1,2");
    expect(words(alteration, "continue")).toBe("continued");
    expect(words(alteration, "name 7,3 8S")).toBe("named 8♠ at 7,3");
    expect(words(askAfterAnswer, "save 2H+3H")).toBe("saved the A♥ with 2♥ and 3♥");
    expect(words(askAfterAnswer, "advisor")).toBe("called on the Advisor (10♥)");
    expect(words(askAfterAnswer, "q card")).toBe('added "card" to the question'); // alone: see question-log
    // A whole question as one event (as a record may hold it) reads as a sentence too.
    const asked = (text: string) => describeEvent({ n: 40, player: 0, text }, askAfterAnswer as BoardState);
    expect(asked("ask dist((2,1), joker) <= 3"))
      .toBe("asked the Advisor: “Is the Joker within 3 steps of 2,1 along diamonds?”");
    expect(asked("recall advisor 2H+3H+4H ask joker_in row 2"))
      .toBe("recalled the Advisor (10♥) with 2♥, 3♥ and 4♥ and asked: “Is the Joker in row 2?”");
    expect(words(mainRecall, "stand 4,2")).toBe("stood on 4,2");
    expect(words(mainRecall, "see 7,0")).toBe("turned up 7,0");
    expect(words(mainRecall, "mover")).toBe("called on the Mover (K♥)");
    expect(words(queenChoose, "predict 5,3 S")).toBe("predicted ♠ spades at 5,3");
  });

  it("tells the Maker's moves and the chance draws", () => {
    expect(words(alteration, "flip 7,3")).toBe("flipped the card at 7,3");
    expect(describeEvent({ n: 3, player: 1, text: "AD@3,2" }, alteration as BoardState)).toBe("placed A♦ at 3,2");
    expect(describeEvent({ n: 3, player: 1, text: "suit C" }, alteration as BoardState)).toBe("named ♣ clubs for the ten count");
    expect(describeEvent({ n: 3, player: 0, text: "count C 3" }, alteration as BoardState)).toBe("counted 3 clubs");
    expect(describeEvent({ n: 3, player: 1, text: "swap 6,0 7,0" }, alteration as BoardState))
      .toBe("swapped the cards at 6,0 and 7,0");
    expect(describeEvent({ n: 3, player: "chance", text: "pick AH" }, alteration as BoardState)).toBe("A♥ drawn for the damage");
    expect(describeEvent({ n: 0, player: "chance", text: "maker P2" }, alteration as BoardState)).toBe("Player 2 makes the first maze");
    expect(describeEvent({ n: 9, player: 0, text: "recall seer 2H+3H+4H" }, alteration as BoardState))
      .toBe("recalled the Seer (Q♥) with 2♥, 3♥ and 4♥");
  });

  it("answers null for what is already words, and for a text it does not know", () => {
    const s = alteration as BoardState;
    const told = s.events.find((e) => e.text.startsWith("Maker "));
    if (told) expect(describeEvent(told, s)).toBeNull();
    expect(describeEvent({ n: 1, player: 1, text: "Maker places a card (3 of 40)" }, s)).toBeNull();
    expect(describeEvent({ n: 1, player: 0, text: "jump 1,2" }, s)).toBeNull();
    expect(describeEvent({ n: 1, player: 0, text: "explore here" }, s)).toBeNull();
    expect(describeEvent({ n: 1, player: 0, text: "ZZ@1,2" }, s)).toBeNull();
    expect(pathfinderCardsUI.describeEvent?.({ n: 1, player: 0, text: "" }, s)).toBeNull();
  });
});

describe("Pathfinder cards set-up runs in words", () => {
  const cells = Array.from({ length: 40 }, (_, i) => `${i % 8},${Math.floor(i / 8)}`);
  const asMaker = cells.map((c, i): GameEvent => ({ n: i + 1, player: 0, text: `${i === 0 ? "AD" : "2C"}@${c}`, setup: true }));
  const asRunner = cells.map((_, i): GameEvent =>
    ({ n: i + 1, player: 0, text: `Maker places a card (${i + 1} of 40)`, setup: true }));

  it("tells the Maker's maze folded in the log as one sentence, for the Maker and for the Runner", () => {
    const state = advancedExplore as BoardState;
    expect(foldEvents(asMaker, state)).toBe("built the maze (40 cards)");
    expect(foldEvents(asRunner, state)).toBe("built the maze (40 cards)");
    expect(foldEvents(asRunner.slice(0, 12), state)).toBe("placed 12 of the maze's 40 cards");
    expect(foldEvents([{ n: 0, player: 1, text: "explore 1,2" }, ...asMaker.slice(0, 4)], state)).toBeNull();
    const log = createEventLog();
    const events: GameEvent[] = [{ n: 0, player: "chance", text: "maker P1", setup: true }, ...asRunner,
      { n: 41, player: 1, text: "compass 7H", setup: true }, { n: 42, player: 1, text: "explore 1,2" }];
    log.show(events, 1, undefined, ["Player 1 (Maker)", "Player 2 (Runner)"], undefined,
      runDescriber(pathfinderCardsUI, state));
    expect(log.el.querySelector(".event-list > li > details > summary")?.textContent)
      .toBe("Player 1 (Maker) built the maze (40 cards)");
    expect([...log.el.querySelectorAll(".turn-heading")].map((h) => h.textContent)).toEqual(
      ["Set-up", "Set-up · Player 1 (Maker)", "Set-up · Player 2 (Runner)", "Turn 1 · Player 2 (Runner)"]);
  });
});
