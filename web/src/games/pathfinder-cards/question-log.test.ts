// The Advisor's questions in the event log: the `q` events of one question told as one sentence,
// with the answer the view keeps (fixtures: real views and logs from the engine).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEventLog, eventDescriber, eventPhrases } from "../../app/event-log";
import type { BoardState, GameEvent } from "../types";
import { pathfinderCardsUI } from "./index";
import { questionPhrases } from "./question-log";

const fixture = (name: string): BoardState =>
  JSON.parse(readFileSync(join(__dirname, "fixtures", `${name}.json`), "utf8"));

describe("an Advisor question in the log", () => {
  it("is one line: the question as a sentence and its answer", () => {
    const state = fixture("ask-after-answer"); // … advisor, q card, q (7,0), q suit, q D
    expect(eventPhrases(pathfinderCardsUI, state)).toEqual([{
      from: 2, count: 4, words: "asked the Advisor: “Is the card at 7,0 a diamond?” — No",
      notation: "ask card (7,0) is suit D",
    }]);
  });

  it("tells a question under way word by word as far as it goes", () => {
    const phrases = questionPhrases(fixture("ask-region").events, fixture("ask-region"));
    expect(phrases.map((p) => [p.from, p.count, p.words])).toEqual([
      [1, 4, "asked the Advisor: “Is the card at 7,0 a diamond?” — No"],
      [5, 1, "is asking the Advisor, word by word: “Is the Joker …?”"],
    ]);
  });

  it("matches answers from the end, and only to the same question (a match's earlier game, a shift)", () => {
    const q = (n: number, text: string): GameEvent => ({ n, player: 0, text: `q ${text}` });
    const events = [q(0, "joker_in"), q(1, "row"), q(2, "2"), { n: 3, player: 1, text: "flip 1,1" },
      q(4, "card"), q(5, "(3,1)"), q(6, "red"), q(7, "on_some_path"), q(8, "(2,2)")];
    const state = (answers: unknown[]) => ({ view: { answers } }) as unknown as BoardState;
    const words = (answers: unknown[]) => questionPhrases(events, state(answers)).map((p) => p.words);
    expect(words([
      { question: "card (4,1) is red", answer: "yes" }, // named after a shift of 1,0: still its answer
      { question: "on_some_path((3,2))", answer: "no" },
      { pathfinder: "1,2", directions: ["E"] },
    ])).toEqual([
      "asked the Advisor: “Is the Joker in row 2?”", // an earlier game's: not in this view
      "asked the Advisor: “Is the card at 3,1 red?” — Yes",
      "asked the Advisor: “Is 2,2 on a path of diamonds from the A♦ to the Joker?” — No",
    ]);
    expect(words([{ question: "joker_in all", answer: "yes" }]).every((w) => !w.includes("—"))).toBe(true);
  });

  it("reads as one line in the event log, the tokens in its notation's title", () => {
    const state = fixture("ask-after-answer");
    const log = createEventLog();
    log.show(state.events, state.seat, eventDescriber(pathfinderCardsUI, state), ["Runner", "Maker"],
      eventPhrases(pathfinderCardsUI, state));
    const lines = [...log.el.querySelectorAll(".event-list > li")].map((li) => li.textContent);
    expect(lines).toEqual([
      "Runner saved the A♥ with 2♥ and 3♥ save 2H+3H",
      "Runner called on the Advisor (10♥) advisor",
      "Runner asked the Advisor: “Is the card at 7,0 a diamond?” — No ask card (7,0) is suit D",
    ]);
    expect(log.el.querySelector("li.phrase code")!.getAttribute("title"))
      .toBe("in notation: q card · q (7,0) · q suit · q D");
    expect(log.el.textContent).not.toContain("to the question");
  });
});
