// The Advisor's question builder, in sentences: the Runner picks, part after part, from English
// choices (question-choices.ts) and reads her question growing ("Is the Joker within … steps of
// the 5♣ at 5,1 along diamonds?"). Nothing is sent while she builds it, so "Back" can undo any
// pick. The finished question goes to the engine as `ask <question>` in the question language
// (the engine's own tokens, aql.ts): checked first (ctx.check), because from MAIN `ask` spends the
// Advisor only when the whole question parses (A-G1-41). Also: the Advisor's last answer in words.
import { h } from "../../core/dom";
import type { BoardContext } from "../types";
import { allowed, holes, infixText } from "./aql";
import { answerWord, BLANK, type CellNames, PLAIN_CELLS, questionInWords, questionWords } from "./aql-words";
import { type Choice, stepFor } from "./question-choices";
import { cardLabel, type PlayModel } from "./model";

/** Cells named by what the observer sees there now: "the 5♣ at 5,1", "the face-down card at 3,1". */
export function boardCellNames(model: PlayModel): CellNames {
  const byCell = new Map(model.cards.map((c) => [c.cell, c]));
  const seen = (cell: string) => {
    const c = byCell.get(cell);
    if (!c) return null;
    if (!c.card) return "face-down card";
    return c.up ? cardLabel(c.card) : `${cardLabel(c.card)} (face down)`;
  };
  return {
    place: (cell) => {
      const what = seen(cell);
      return what ? `the ${what} at ${cell}` : byCell.size ? `the empty space ${cell}` : cell;
    },
    card: (cell) => {
      const what = seen(cell);
      return what ? `the ${what} at ${cell}` : `the card at ${cell}`;
    },
  };
}

/** Stands for the part being chosen in the sentence, wherever the English puts it. */
const NEXT = "\u0001";

/** The sentence with the part being chosen marked (the other blanks stay "…"). */
function sentenceNodes(sentence: string): Array<Node | string> {
  const at = sentence.indexOf(NEXT);
  if (at < 0) return [sentence];
  return [sentence.slice(0, at), h("mark", { class: "pfc-blank", title: "chosen now" }, BLANK),
    sentence.slice(at + NEXT.length)];
}

interface AdvisorAnswer { question?: string; answer?: string; current?: boolean }

/** The Advisor's last answer as one sentence: "Is the Joker in row 2? — No". */
export function lastAnswerLine(model: PlayModel): { question: string; answer: string } | null {
  const answers = ((model.view.answers ?? []) as AdvisorAnswer[]).filter((a) => a.question !== undefined);
  const last = answers.at(-1);
  if (!last) return null;
  return { question: questionInWords(last.question!, last.current ? boardCellNames(model) : PLAIN_CELLS),
    answer: answerWord(last.answer ?? "") };
}

/** Where the last answer is shown: beside the builder, until the next answer replaces it. */
export function drawLastAnswer(model: PlayModel): HTMLElement | null {
  const line = lastAnswerLine(model);
  if (!line) return null;
  // No live region here: the log announces the answer once, as the question's line.
  return h("p", { class: "pfc-advisor-answer" },
    h("span", { class: "pfc-answer-label" }, "The Advisor answered: "),
    h("q", { class: "pfc-answer-question" }, line.question), " — ",
    h("strong", { class: `pfc-answer-word ${line.answer === "Yes" ? "yes" : "no"}` }, line.answer));
}

export interface QuestionBuilder {
  element: HTMLElement;
  /** Redraws for a new view, keeping the question being built. */
  update(model: PlayModel): void;
}

export function createQuestionBuilder(ctx: BoardContext): QuestionBuilder {
  let tokens: string[] = [];
  let model: PlayModel | null = null;
  let checkSerial = 0;
  const element = h("section", { class: "pfc-question", "aria-label": "ask the Advisor a question" });
  // One element for the whole life of the builder: a screen reader hears the sentence change.
  const sentence = h("p", { class: "pfc-question-sentence", "aria-live": "polite" });

  const questionText = () => `ask ${infixText(tokens)}`;

  function pick(choice: Choice): void {
    tokens = [...tokens, ...choice.tokens];
    draw(true);
  }

  function stepControls(m: PlayModel): HTMLElement | null {
    const open = holes(tokens);
    if (!open || open.length === 0) return null;
    const step = stepFor(open[open.length - 1], m);
    const usable = (c: Choice) => allowed(tokens, c.tokens, m.hex);
    const buttons = step.buttons.map((c) => h("button", {
      type: "button", class: "pfc-btn pfc-choice-btn", disabled: !usable(c), onclick: () => pick(c),
    }, c.label));
    let list: HTMLElement | null = null;
    if (step.list) {
      const options = step.list.options.filter(usable);
      const select = h("select", { class: "pfc-choice-list", "aria-label": step.prompt },
        options.map((c) => h("option", { value: c.tokens.join(" "), selected: c.tokens[0] === step.list!.selected },
          c.label)));
      list = h("span", { class: "pfc-choice-pick" }, select,
        h("button", { type: "button", class: "pfc-btn", onclick: () => {
          const chosen = options.find((c) => c.tokens.join(" ") === select.value);
          if (chosen) pick(chosen);
        } }, step.list.action));
    }
    return h("div", { class: "pfc-question-step", role: "group", "aria-label": step.prompt },
      h("p", { class: "pfc-question-prompt" }, step.prompt),
      buttons.length ? h("div", { class: "pfc-choices" }, buttons) : null, list);
  }

  function draw(focusStep = false): void {
    const m = model;
    if (!m) return;
    const open = holes(tokens);
    const complete = open !== null && open.length === 0;
    const words = questionWords(tokens, boardCellNames(m), NEXT);
    if (sentence.dataset.words !== words) {
      sentence.dataset.words = words;
      sentence.replaceChildren(...sentenceNodes(words));
    }
    const status = h("p", { class: "pfc-question-status", role: "status" });
    const askButton = h("button", { type: "button", class: "pfc-btn primary pfc-ask", disabled: true,
      onclick: () => {
        const text = questionText();
        tokens = [];
        ctx.play(text);
        draw();
      } }, "Ask the Advisor");
    const step = stepControls(m);
    element.replaceChildren(...[
      h("h3", {}, "Ask the Advisor"),
      sentence,
      step,
      h("div", { class: "pfc-question-edit" },
        h("button", { type: "button", class: "pfc-btn", disabled: tokens.length === 0, onclick: () => {
          // Back undoes the last pick, a card test like "a diamond" (two tokens) at once.
          tokens = undoLastPick(tokens);
          draw(true);
        } }, "Back"),
        h("button", { type: "button", class: "pfc-btn", disabled: tokens.length === 0, onclick: () => {
          tokens = [];
          draw(true);
        } }, "Start over")),
      complete ? h("p", { class: "pfc-question-aql" }, "In the question language: ",
        h("code", {}, infixText(tokens))) : null,
      complete ? status : null,
      complete ? askButton : null,
    ].filter((part): part is HTMLElement => part !== null));
    // After a pick the keyboard goes on in the next step; a finished question waits on Back until
    // the server has accepted it, then on Ask.
    const back = element.querySelector(".pfc-question-edit button") as HTMLButtonElement;
    const next = element.querySelector(".pfc-question-step button:not([disabled]), .pfc-question-step select");
    if (focusStep) ((next as HTMLElement | null) ?? back).focus();
    if (!complete) return;
    status.textContent = "Checking…";
    const serial = ++checkSerial;
    ctx.check(questionText()).then((result) => {
      if (serial !== checkSerial) return;
      askButton.disabled = !result.ok;
      if (result.ok && focusStep && document.activeElement === back) askButton.focus();
      status.textContent = result.ok ? "✓ The Advisor accepts this question."
        : `✗ ${result.message ?? "not accepted now"}`;
      status.classList.toggle("bad", !result.ok);
    }, (err: unknown) => {
      if (serial === checkSerial) status.textContent = `✗ cannot check: ${String(err)}`;
    });
  }

  return {
    element,
    update(next) {
      model = next;
      draw();
    },
  };
}

/** The tokens without the last pick: a suit or a rank test goes with the word before it. */
function undoLastPick(tokens: string[]): string[] {
  const n = tokens.length;
  if (n >= 2 && tokens[n - 2] === "suit") return tokens.slice(0, -2);
  return tokens.slice(0, -1);
}
