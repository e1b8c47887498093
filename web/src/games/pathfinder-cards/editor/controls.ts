// The editor's controls around the table: the tray of cards still to lay, the buttons (Generate
// at a difficulty, Back to tray, Clear, Submit) and the screen the Runner sees meanwhile.
import { h, s } from "../../../core/dom";
import { ALL_MAZE_CARDS, TRAY_SUITS, cardName, parseCardCode } from "./cards";
import { cardSvg, drawCardBack } from "./card-face";
import { CARD_H, CARD_W } from "./geometry";

/** Generate: a difficulty and the agent spec that designs at it (`mazeworks agents pathfinder-cards`). */
export const DIFFICULTIES = [
  // The baseline Maker's planned mazes: a diamond path of 5 + 2·difficulty cards (+0..2).
  { id: "easy", label: "Easy", agent: "baseline:difficulty=0" },
  { id: "medium", label: "Medium", agent: "baseline:difficulty=2" },
  // The design search keeps the hardest of 4 planned mazes for the computer Runner (about 2 s).
  { id: "hard", label: "Hard", agent: "maker:candidates=4,sims=3" },
] as const;

export type DifficultyId = (typeof DIFFICULTIES)[number]["id"];

/** What the Runner (out of the room, G1.2) and spectators see: a stack of backs and a count. */
export function waitingScreen(placed: number): HTMLElement {
  const backs = Math.max(1, Math.min(placed, 8));
  return h("div", { class: "pfe-waiting" },
    s("svg", { class: "pfe-stack", viewBox: `0 0 ${CARD_W + 4 * 8 + 8} ${CARD_H + 8}`, "aria-hidden": "true" },
      Array.from({ length: backs }, (_, i) => drawCardBack(CARD_W / 2 + 4 + i * 4, CARD_H / 2 + 4))),
    h("p", {}, `The Maze Maker is building the maze: ${placed} of 40 cards placed.`),
    h("p", { class: "pfe-hint" }, "The Runner looks away while the maze is built (G1.2)."));
}

/** The tray: one row per suit and the Joker; a card on the table leaves a gap in its row. */
export function drawTray(onTable: Set<string>, selected: string | undefined): HTMLElement {
  const rows = [...TRAY_SUITS.map((suit) => ALL_MAZE_CARDS.filter((c) => parseCardCode(c)?.suit === suit)),
    ALL_MAZE_CARDS.filter((c) => parseCardCode(c)?.suit === null)];
  // The gaps keep the other cards where the hand expects them; an emptied row folds away.
  const left = rows.filter((row) => row.some((card) => !onTable.has(card)));
  return h("div", { class: "pfe-tray", "data-tray": "", role: "group", "aria-label": "Cards to place" },
    left.length === 0 ? h("p", { class: "pfe-tray-empty" }, "All 40 cards are on the table. Drop a card here to take it back.") : null,
    left.map((row) => h("div", { class: "pfe-tray-row" }, row.map((card) => onTable.has(card)
      ? h("span", { class: "pfe-tray-gap", "aria-hidden": "true" })
      : h("button", {
        type: "button", class: "pfe-tray-card", "data-tray-card": card, "data-drag-card": card,
        "aria-label": cardName(card), "aria-pressed": String(selected === card),
      }, cardSvg(card))))));
}

export interface ActionsSpec {
  /** The design mode has the draft's buttons; card by card has only Generate. */
  design: boolean;
  difficulty: DifficultyId;
  onDifficulty(id: DifficultyId): void;
  generating: boolean;
  canReturn: boolean;
  canClear: boolean;
  submittable: boolean;
  submitting: boolean;
  /** Why Submit is disabled (its tooltip). */
  reason: string;
}

export function drawActions(spec: ActionsSpec): HTMLElement {
  const button = (action: string, label: string, enabled: boolean, extra: Record<string, unknown> = {}) =>
    h("button", { type: "button", "data-editor-action": action, disabled: !enabled, ...extra }, label);
  const select = h("select", {
    class: "pfe-difficulty", "aria-label": "Difficulty of the generated maze",
    onchange: (ev: Event) => spec.onDifficulty((ev.target as HTMLSelectElement).value as DifficultyId),
  }, DIFFICULTIES.map((d) => h("option", { value: d.id, selected: d.id === spec.difficulty }, d.label)));
  return h("div", { class: "pfe-actions" },
    h("span", { class: "pfe-generate" }, select,
      button("generate", spec.generating ? "Generating…" : "Generate", !spec.generating)),
    spec.design ? [
      button("return", "Back to tray", spec.canReturn),
      button("clear", "Clear", spec.canClear),
      button("submit", spec.submitting ? "Submitting…" : "Submit maze", spec.submittable,
        { class: "pfe-submit", title: spec.submittable ? "Play this maze" : spec.reason }),
    ] : null);
}
