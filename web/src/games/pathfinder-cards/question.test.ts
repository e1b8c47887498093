// The Advisor's sentence builder on the play board (real views from the engine, fixtures/): the
// question grows as a sentence from choices in words, is sent whole as `ask <question>`, and its
// answer is shown where it was asked; the choices cover everything the language can ask.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeContext } from "../board-testing";
import type { BoardState } from "../types";
import {
  CMPS, EXPRS, FACINGS, HEX_DIRS, type Hole, holes, infixText, NB_KINDS, parseQuestion, PREDS, RANKS,
  REGIONS, type Slot, SQUARE_DIRS, SUITS,
} from "./aql";
import { pathfinderCardsUI } from "./index";
import { readModel } from "./model";
import { QUESTION_KINDS, stepFor } from "./question-choices";

const fixture = (name: string): BoardState =>
  JSON.parse(readFileSync(join(__dirname, "fixtures", `${name}.json`), "utf8"));

function mount(state: BoardState) {
  const host = document.createElement("div");
  host.id = "board";
  document.body.append(host);
  const ctx = fakeContext();
  pathfinderCardsUI.createBoard(host, state, ctx);
  return { host, ctx, builder: () => host.querySelector(".pfc-question")! };
}

afterEach(() => {
  document.body.replaceChildren();
});

function press(root: Element, label: string): void {
  const button = [...root.querySelectorAll("button")].find((b) => b.textContent === label);
  if (!button) throw new Error(`no button "${label}" in: ${[...root.querySelectorAll("button")].map((b) => b.textContent).join(" | ")}`);
  button.click();
}

/** Picks `value` in the step's list and presses the button beside it. */
function choose(root: Element, value: string): void {
  const select = root.querySelector(".pfc-question-step select") as HTMLSelectElement;
  select.value = value;
  expect(select.value).toBe(value);
  (select.nextElementSibling as HTMLButtonElement).click();
}

const sentence = (root: Element) => root.querySelector(".pfc-question-sentence")!.textContent;

describe("the Advisor's sentence builder", () => {
  it("builds a question from words, shows it growing, and asks it whole", async () => {
    const { ctx, builder } = mount(fixture("main-powers"));
    const b = builder();
    expect(b.closest("details")?.querySelector("summary")?.textContent).toMatch(/Spend the Advisor/);
    expect(sentence(b)).toBe("…?");
    press(b, QUESTION_KINDS.dist);
    expect(sentence(b)).toBe("Is … … … steps from … along diamonds?");
    // The part chosen now is marked, wherever the sentence puts it: here the place, last.
    expect(b.querySelectorAll("mark.pfc-blank")).toHaveLength(1);
    expect(b.querySelector(".pfc-question-sentence")!.innerHTML).toMatch(/steps from <mark[^>]*>…<\/mark> along/);
    expect(b.querySelector(".pfc-question-step")!.getAttribute("aria-label")).toBe("Steps from which place?");
    choose(b, "(4,2)");
    press(b, "the Joker");
    press(b, "within (at most)");
    choose(b, "3");
    expect(sentence(b)).toBe("Is the Joker within 3 steps of the 5♦ at 4,2 along diamonds?");
    expect(b.querySelector(".pfc-question-aql code")!.textContent).toBe("dist((4,2), joker) <= 3");
    const ask = b.querySelector("button.pfc-ask") as HTMLButtonElement;
    await vi.waitFor(() => expect(ask.disabled).toBe(false));
    expect(ctx.check).toHaveBeenLastCalledWith("ask dist((4,2), joker) <= 3");
    expect(b.querySelector(".pfc-question-status")!.textContent).toMatch(/accepts/);
    ask.click();
    expect(ctx.play).toHaveBeenCalledWith("ask dist((4,2), joker) <= 3");
    expect(sentence(b)).toBe("…?"); // ready for the next question
  });

  it("goes back a pick at a time, a card test such as “a diamond” at once, and starts over", () => {
    const { ctx, builder } = mount(fixture("ask-start"));
    const b = builder();
    press(b, QUESTION_KINDS.card);
    choose(b, "(7,0)");
    press(b, "a diamond");
    expect(sentence(b)).toBe("Is the face-down card at 7,0 a diamond?");
    press(b, "Back");
    expect(sentence(b)).toBe("Is the face-down card at 7,0 …?");
    press(b, "of a rank… (the Ace counts 14)");
    press(b, "at least");
    press(b, "Queen");
    expect(sentence(b)).toBe("Is the face-down card at 7,0 of rank Queen or above?");
    press(b, "Start over");
    expect(sentence(b)).toBe("…?");
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("joins questions with not / and / or", () => {
    const { builder } = mount(fixture("ask-start"));
    const b = builder();
    press(b, QUESTION_KINDS.and);
    press(b, QUESTION_KINDS.joker_in);
    press(b, REGION_LABEL("row"));
    choose(b, "2");
    press(b, QUESTION_KINDS.not);
    press(b, QUESTION_KINDS.on_some_path);
    choose(b, "(3,1)");
    expect(sentence(b)).toBe("Is it true that both the Joker is in row 2 and (it is not true that "
      + "the Q♣ at 3,1 is on a path of diamonds from the A♦ to the Joker)?");
    expect(b.querySelector(".pfc-question-aql code")!.textContent).toBe("joker_in row 2 and not on_some_path((3,1))");
  });

  it("shows why the server refuses a question, and does not ask it", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    const ctx = fakeContext({ check: () => ({ ok: false, message: "the Advisor is not in your hand" }) });
    pathfinderCardsUI.createBoard(host, fixture("ask-start"), ctx);
    const b = host.querySelector(".pfc-question")!;
    press(b, QUESTION_KINDS.joker_in);
    press(b, REGION_LABEL("all"));
    const status = b.querySelector(".pfc-question-status")!;
    await vi.waitFor(() => expect(status.textContent).toBe("✗ the Advisor is not in your hand"));
    expect((b.querySelector("button.pfc-ask") as HTMLButtonElement).disabled).toBe(true);
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("labels every control (its step is a group named by the question it asks)", () => {
    const { builder } = mount(fixture("ask-start"));
    const b = builder();
    press(b, QUESTION_KINDS.card);
    expect(b.querySelector(".pfc-question-step select")!.getAttribute("aria-label")).toBe("Which card?");
    expect(b.getAttribute("aria-label")).toBeTruthy();
    for (const button of b.querySelectorAll("button")) expect(button.textContent!.trim()).not.toBe("");
  });
});

const REGION_LABEL = (region: string) => stepFor({ slot: "region", parent: "joker_in", index: 0 }, readModel(fixture("ask-start")))
  .buttons.find((c) => c.tokens[0] === region)!.label;

describe("every question the language can ask can be built", () => {
  const square = readModel(fixture("ask-start"));
  const hex = readModel(fixture("hex-explore"));
  const firstTokens = (slot: Slot, parent: string | null, model = square) => {
    const step = stepFor({ slot, parent, index: 0 }, model);
    return new Set([...step.buttons, ...(step.list?.options ?? [])].map((c) => c.tokens[0]));
  };
  const expected: Array<[Slot, string | null, string[]]> = [
    ["expr", null, EXPRS], ["expr", "and", EXPRS], ["region", "joker_in", REGIONS], ["pred", "card", PREDS],
    ["pred", "count", PREDS], ["facing", "count", FACINGS], ["cmp", "count", CMPS], ["cmp", "dist", CMPS],
    ["cmp", "rank", CMPS], ["cmp", "halfplane", CMPS], ["axis", "halfplane", ["x", "y"]],
    ["side", "side_of_line", ["left", "right"]], ["nb", "neighbors", NB_KINDS], ["suit", "suit", SUITS],
    ["rank", "rank", RANKS], ["dir", "on_shortest_path", SQUARE_DIRS],
    ["count", "cells", ["1", "2", "3", "4", "5", "6", "7", "8"]],
    ["int", "row", Array.from({ length: 41 }, (_, i) => String(i))],
    ["num", "halfplane", Array.from({ length: 82 }, (_, i) => String((i - 1) / 2))],
  ];

  it("offers each token the grammar allows, part by part", () => {
    for (const [slot, parent, tokens] of expected) {
      expect(firstTokens(slot, parent), `${slot} in ${parent}`).toEqual(new Set(tokens));
    }
    expect(firstTokens("dir", "on_shortest_path", hex)).toEqual(new Set(HEX_DIRS));
    // Every card of the maze, and the empty spaces around it, as places; the Joker as a target.
    const cells = firstTokens("cell", "card");
    for (const c of square.cards) expect(cells.has(`(${c.cell})`)).toBe(true);
    expect(cells.has("(8,5)")).toBe(true);
    expect(firstTokens("target", "dist")).toEqual(new Set(["joker", ...cells]));
    // "a diamond" is `suit D`: the suits come with the card test.
    const preds = stepFor({ slot: "pred", parent: "card", index: 0 }, square).buttons.map((c) => c.tokens.join(" "));
    expect(preds).toEqual(expect.arrayContaining(["suit C", "suit D", "suit S"]));
  });

  it("offers what the engine lists as the next word (its own legal moves)", () => {
    for (const [name, slot, parent] of [["ask-start", "expr", null], ["ask-region", "region", "joker_in"]] as const) {
      const legal = fixture(name).legal.filter((m) => m.startsWith("q ")).map((m) => m.slice(2));
      expect(firstTokens(slot, parent), name).toEqual(new Set(legal));
    }
  });

  it("builds whole questions the language reads back, whatever is picked", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let walk = 0; walk < 300; ++walk) {
      let tokens: string[] = [];
      for (let open = holes(tokens)!; open.length > 0; open = holes(tokens)!) {
        const hole: Hole = open[open.length - 1];
        const step = stepFor(hole, walk % 2 ? hex : square);
        // Past 20 tokens, close the question: the atoms' first choices end soonest.
        const all = [...step.buttons, ...(step.list?.options ?? [])]
          .filter((c) => tokens.length < 20 || !["not", "and", "or"].includes(c.tokens[0]));
        tokens = [...tokens, ...all[random(all.length)].tokens];
      }
      expect(parseQuestion(infixText(tokens))).toEqual(tokens);
    }
  });
});

describe("the answer where the question was asked", () => {
  it("shows the last answer as one sentence beside the builder, and in the Known list", () => {
    const { host } = mount(fixture("ask-after-answer"));
    const advisor = host.querySelector(".pfc-advisor")!;
    expect(advisor.querySelector(".pfc-advisor-answer")!.textContent)
      .toBe("The Advisor answered: Is the face-down card at 7,0 a diamond? — No");
    expect(advisor.querySelector(".pfc-question")).not.toBeNull();
    expect(host.querySelector(".pfc-knowledge")!.textContent).toContain("Advisor: Is the card at 7,0 a diamond? — No");
  });

  it("keeps it until the next answer, after the Advisor is done", () => {
    const state = fixture("main-powers");
    const answered = { ...state, view: { ...state.view, answers: [
      { question: "card (7,0) is suit D", answer: "no", current: true },
      { question: "dist((4,2), joker) <= 3", answer: "yes", current: true },
    ] } };
    const { host } = mount(answered);
    expect(host.querySelector(".pfc-advisor-answer")!.textContent)
      .toBe("The Advisor answered: Is the Joker within 3 steps of the 5♦ at 4,2 along diamonds? — Yes");
    expect(mount({ ...answered, interactive: false }).host.querySelector(".pfc-advisor-answer")).not.toBeNull();
    expect(mount(state).host.querySelector(".pfc-advisor-answer")).toBeNull();
  });
});

describe("a question sent word by word", () => {
  it("shows the words so far as a sentence and the next words in English", () => {
    const { host } = mount(fixture("ask-region"));
    expect(host.querySelector(".pfc-question-progress")!.textContent)
      .toBe("Question 2, word by word: Is the Joker …? — next: a region");
    const row = host.querySelector('[data-move="q row"]')!;
    expect(row.textContent).toBe("in row [n]");
    expect(row.closest("details")).toBeNull(); // under way: the next word is right there
    expect(host.querySelector(".pfc-question")).toBeNull(); // a whole question cannot be sent now
  });

  it("keeps the words folded away while the builder is the way to ask", () => {
    const { host } = mount(fixture("ask-start"));
    const card = host.querySelector('[data-move="q card"]')!;
    expect(card.textContent).toBe(QUESTION_KINDS.card);
    expect(card.closest("details.pfc-word-by-word")).not.toBeNull();
  });
});
