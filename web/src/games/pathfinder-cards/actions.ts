// The buttons beside the board: moves that are not spatial (withdraw, continue, pass, powers, the
// ten count grid, a suit, question words), the recall buttons, and the second step of a selection
// (the suit of a Jack prediction, the card named in a King trial, a confirm). Every button carries
// the data attribute its click key names (clicks.ts).
import { h } from "../../core/dom";
import {
  type ClickPlan, CONFIRM, moveKey, recallKey, suitKey,
} from "./clicks";
import { cardFace, cardWords, SUIT_NAME } from "./model";
import { type Slot, SLOT_EXPECT } from "./aql";
import { tokenLabel } from "./question-choices";
import { cardChoiceLabel, moveLabel, moveWords, recallLabel, suitChoiceLabel } from "./texts";

const POWERS = ["advisor", "pathfinder", "seer", "mover"];
const SUITS = ["C", "D", "S", "JK"];

function button(attrs: Record<string, unknown>, label: string, words = label): HTMLButtonElement {
  return h("button", { type: "button", class: "pfc-btn", "aria-label": words, ...attrs }, label);
}

/** Moves whose whole click path is one button. */
function singleButtonMoves(plan: ClickPlan, rootKeys: Set<string>): string[] {
  const moves: string[] = [];
  for (const e of plan.entries) {
    if (e.keys.length === 1 && e.keys[0] === moveKey(e.move) && rootKeys.has(e.keys[0])) {
      moves.push(e.move);
    }
  }
  return [...new Set(moves)];
}

function countGrid(moves: string[]): HTMLElement | null {
  const bySuit = new Map<string, string[]>();
  for (const move of moves) {
    const m = /^count (\w) \d+$/.exec(move);
    if (m) bySuit.set(m[1], [...(bySuit.get(m[1]) ?? []), move]);
  }
  if (bySuit.size === 0) return null;
  return h("div", { class: "pfc-count-grid", role: "group", "aria-label": "count" },
    [...bySuit].map(([suit, row]) => h("div", { class: "pfc-count-row" },
      h("span", { class: "pfc-count-suit" }, `${SUIT_NAME[suit]}:`),
      row.map((move) => button({ "data-move": move }, moveLabel(move), moveWords(move))))));
}

/**
 * The question's next word on its own (`q <token>`, sent at once), in words for the slot the view
 * expects. Before a question is under way the sentence builder is the way to ask, and these are
 * folded away for those who like the question language; once one is under way they go on with it.
 */
function questionWords(moves: string[], question: { text?: string; expect?: string } | undefined): HTMLElement | null {
  const tokens = moves.filter((m) => m.startsWith("q "));
  if (tokens.length === 0) return null;
  const slot = (Object.keys(SLOT_EXPECT) as Slot[]).find((k) => SLOT_EXPECT[k] === question?.expect) ?? null;
  const group = h("div", { class: "pfc-tokens", role: "group", "aria-label": "next word of the question" },
    tokens.map((move) => {
      const token = move.slice(2);
      const label = tokenLabel(slot, token);
      return button({ "data-move": move, class: "pfc-btn pfc-token" }, label, `next word: ${label} (${move})`);
    }));
  if (question?.text) return group;
  return h("details", { class: "pfc-word-by-word" },
    h("summary", {}, "Or send a question word by word, in the question language (each word is sent at once)"),
    group);
}

function choiceButtons(next: Set<string>): HTMLElement[] {
  const out: HTMLElement[] = [];
  const suits = SUITS.filter((s) => next.has(suitKey(s)));
  if (suits.length) {
    out.push(h("div", { class: "pfc-choice", role: "group", "aria-label": "predict the suit" },
      h("span", {}, "Suit:"),
      suits.map((suit) => button({ "data-suit": suit }, suitChoiceLabel(suit)))));
  }
  const names = [...next].map((k) => /^\[data-name-card="(\w+)"\]$/.exec(k)?.[1]).filter(Boolean) as string[];
  if (names.length) {
    const bySuit = new Map<string, string[]>();
    for (const card of names) {
      const suit = cardFace(card).suit ?? "JK";
      bySuit.set(suit, [...(bySuit.get(suit) ?? []), card]);
    }
    out.push(h("div", { class: "pfc-choice pfc-name-grid", role: "group", "aria-label": "name the card" },
      [...bySuit].map(([, cards]) => h("div", { class: "pfc-count-row" },
        cards.map((card) => button({ "data-name-card": card }, cardChoiceLabel(card), cardWords(card)))))));
  }
  if (next.has(CONFIRM)) out.push(button({ "data-confirm": "", class: "pfc-btn primary" }, "Confirm"));
  return out;
}

export function drawActions(
  plan: ClickPlan, decision: string, rootKeys: Set<string>, next: Set<string>, prefix: string[],
  onCancel: () => void, question?: { text?: string; expect?: string },
): HTMLElement {
  const selecting = prefix.length > 0;
  const moves = singleButtonMoves(plan, rootKeys);
  const plain = moves.filter((m) => !/^count \w \d+$/.test(m) && !m.startsWith("q "));
  const recalls = POWERS.filter((p) => rootKeys.has(recallKey(p)));
  return h("div", { class: "pfc-actions" },
    selecting ? choiceButtons(next) : null,
    selecting ? button({ class: "pfc-btn pfc-cancel", onclick: onCancel }, "Cancel selection (Esc)")
      : null,
    plain.length ? h("div", { class: "pfc-buttons" },
      plain.map((move) => button({ "data-move": move }, moveLabel(move, decision),
        moveWords(move, decision)))) : null,
    countGrid(moves),
    questionWords(moves, question),
    recalls.length ? h("div", { class: "pfc-buttons pfc-recalls" },
      recalls.map((p) => button({ "data-recall": p, "aria-pressed": prefix.includes(recallKey(p)) ? "true" : "false",
        class: `pfc-btn${prefix.includes(recallKey(p)) ? " selected" : ""}` }, recallLabel(p),
        `${recallLabel(p)}: then click three hearts`))) : null,
  );
}
