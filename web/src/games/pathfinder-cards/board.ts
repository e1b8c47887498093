// The play board of pathfinder-cards (every phase after the build): the maze, the Runner's hand,
// Compass and discards, the move buttons, what she knows, the King's study and the Advisor's
// question builder. Clicks go through one state machine over the click plan (clicks.ts): the
// selection is a prefix of click keys; Escape or clicking the last selected element again undoes it.
import { clear, h, s } from "../../core/dom";
import type { Board, BoardContext, BoardState, GameEvent } from "../types";
import { drawActions } from "./actions";
import { cardDefs } from "./cards";
import {
  applyClick, cellKey, type ClickPlan, clickPlan, CONFIRM, heartKey, moveKey, nameKey, nextKeys,
  recallKey, suitKey,
} from "./clicks";
import { drawTable } from "./hand";
import { drawKnowledge } from "./knowledge";
import { drawMaze, type MazeMarks } from "./maze";
import { cardLabel, type PlayModel, readModel } from "./model";
import { createQuestionBuilder, drawLastAnswer } from "./question";
import { questionUnderWay } from "./question-log";
import { StudyClock, type StudyPhase } from "./study";
import { promptText, recallLabel } from "./texts";

const CLICK_TARGETS = "[data-cell],[data-heart],[data-move],[data-recall],[data-suit],[data-name-card],[data-confirm]";

/** The click key an element stands for (the selector clicks.ts builds for it). */
function keyOf(el: Element): string | null {
  const a = (name: string) => el.getAttribute(name);
  if (a("data-cell") !== null) return cellKey(a("data-cell")!);
  if (a("data-heart") !== null) return heartKey(a("data-heart")!);
  if (a("data-move") !== null) return moveKey(a("data-move")!);
  if (a("data-recall") !== null) return recallKey(a("data-recall")!);
  if (a("data-suit") !== null) return suitKey(a("data-suit")!);
  if (a("data-name-card") !== null) return nameKey(a("data-name-card")!);
  if (a("data-confirm") !== null) return CONFIRM;
  return null;
}

const CELL_IN_TEXT = /\b(\d+),(\d+)\b/g;

/**
 * The cells named by the last moves: everything since this observer's own last move, and that
 * move too (at most four entries), highlighted on the maze.
 */
export function recentCells(events: GameEvent[], seat: number | null): Set<string> {
  const recent: GameEvent[] = [];
  for (let i = events.length - 1; i >= 0 && recent.length < 4; --i) {
    recent.push(events[i]);
    if (events[i].player === seat) break;
  }
  const cells = new Set<string>();
  for (const e of recent) for (const m of e.text.matchAll(CELL_IN_TEXT)) cells.add(`${m[1]},${m[2]}`);
  return cells;
}

const TRIAL_WORDS: Record<string, string> = {
  "10S": "10♠", "10C": "10♣", "10D": "10♦", jack: "Jack", queen: "Queen", king: "King",
};

function flaggedCells(model: PlayModel): Map<string, string> {
  const flagged = new Map<string, string>();
  for (const p of model.pending) {
    if (p.effect === "trial" && p.cell) flagged.set(p.cell, `${TRIAL_WORDS[p.trial ?? ""] ?? p.trial} trial`);
    if (p.chosen) flagged.set(p.chosen, "chosen");
    if (p.flipped) flagged.set(p.flipped, "flipped");
  }
  return flagged;
}

export function createPlayBoard(host: HTMLElement, initial: BoardState, ctx: BoardContext): Board {
  let state = initial;
  let prefix: string[] = [];
  let studyMode: StudyPhase["mode"] = "none";
  const study = new StudyClock();
  const question = createQuestionBuilder(ctx);
  // Built once, so that a redraw keeps it open (or closed) as the player left it.
  const askFromMain = h("details", { class: "pfc-question-wrap" },
    h("summary", {}, "Spend the Advisor (10♥) on a question…"));
  const root = h("div", { class: "pfc" });
  const selectionLine = h("p", { class: "pfc-selection" });
  const actionsSlot = h("div", { class: "pfc-actions-slot" });
  const studyText = h("span", {});
  /** The cards and hearts of the current drawing (looked up once per drawing: DOM queries are slow). */
  let markable: Array<{ el: Element; key: string; on: boolean; pressed: boolean }> = [];
  const actionsCache = new Map<string, HTMLElement>();
  host.append(root);
  let timer: ReturnType<typeof setInterval> | null = null;

  const plan = (): ClickPlan => clickPlan(state);
  const toAct = () => state.interactive && state.legal.length > 0 && studyMode === "none";

  /** Draws everything for the current state (a new state, or the study phase changing). */
  function render(): void {
    const model = readModel(state);
    const phase = study.phase(model, state, Date.now());
    studyMode = phase.mode;
    const marks: MazeMarks = {
      recent: recentCells(state.events, state.seat),
      flagged: flaggedCells(model),
      slots: plan().slots,
    };
    const { defs, backFill } = cardDefs();
    clear(root);
    const parts: Array<Element | null> = [
      s("svg", { class: "pfc-defs", width: 0, height: 0, "aria-hidden": "true" }, defs),
      h("div", { class: "pfc-status", role: "status" },
        h("p", { class: "pfc-role" }, roleLine(model)),
        h("p", { class: "pfc-prompt" }, promptText(model, state.interactive && state.legal.length > 0)),
        questionProgress(model, state),
        selectionLine),
      studyBanner(phase),
      phase.mode === "away"
        ? h("div", { class: "pfc-away" }, "You look away while the Maker flips a card…")
        : h("div", { class: "pfc-maze" }, drawMaze(phase.mode === "study" ? phase.model : model, marks)),
      // Under the maze, one part that scrolls on its own when a laptop screen is short of room.
      h("div", { class: "pfc-below" }, actionsSlot, questionPanel(model), drawTable(model, backFill),
        drawKnowledge(model)),
    ];
    root.append(...parts.filter((part): part is Element => part !== null));
    markable = [...root.querySelectorAll("[data-cell], [data-heart]")]
      .map((el) => ({ el, key: keyOf(el)!, on: false, pressed: false }));
    actionsCache.clear();
    markSelection();
    scheduleTick(phase.mode !== "none");
  }

  /**
   * Marks what may be clicked after the current selection and what is selected, and redraws the
   * buttons: cheap, so a click never redraws the maze (positions list up to 1,600 moves).
   */
  function markSelection(): void {
    const p = plan();
    const rootKeys = toAct() ? nextKeys(p, []) : new Set<string>();
    const next = toAct() ? nextKeys(p, prefix) : new Set<string>();
    const clickable = new Set([...rootKeys, ...next, ...prefix]);
    const selected = new Set(prefix);
    // Only the elements whose marks change are touched (jsdom's classList on SVG is slow).
    for (const item of markable) {
      const on = clickable.has(item.key);
      if (item.on !== on) {
        item.on = on;
        item.el.classList.toggle("clickable", on);
        item.el.setAttribute("role", on ? "button" : "img");
        if (on) item.el.setAttribute("tabindex", "0");
        else item.el.removeAttribute("tabindex");
      }
      const pressed = selected.has(item.key);
      if (item.pressed !== pressed) {
        item.pressed = pressed;
        item.el.classList.toggle("selected", pressed);
        if (pressed) item.el.setAttribute("aria-pressed", "true");
        else item.el.removeAttribute("aria-pressed");
      }
    }
    selectionLine.textContent = prefix.length ? `Selected: ${selectionWords(prefix)}` : "";
    clear(actionsSlot);
    if (toAct()) {
      // The same buttons come back after every move of a long selection run: built once per drawing.
      const signature = `${prefix.join(" ")}|${[...next].join(" ")}`;
      let actions = actionsCache.get(signature);
      if (!actions) {
        const model = readModel(state);
        actions = drawActions(p, model.decision, rootKeys, next, prefix, cancel, model.view.question);
        actionsCache.set(signature, actions);
      }
      actionsSlot.append(actions);
    }
  }

  /**
   * The Advisor's corner: its last answer (kept until the next one) and, when a question may be
   * asked whole (from MAIN, or at the Advisor before a question is under way), the builder.
   */
  function questionPanel(model: PlayModel): HTMLElement | null {
    const asking = model.decision === "ask" && !(model.view.question?.text);
    const fromMain = state.legal.includes("advisor");
    const canAsk = toAct() && (asking || fromMain);
    const answer = drawLastAnswer(model);
    if (!canAsk && !answer) return null;
    if (canAsk) question.update(model);
    if (canAsk && !asking) askFromMain.append(question.element);
    return h("div", { class: "pfc-advisor" }, answer,
      canAsk ? (asking ? question.element : askFromMain) : null);
  }

  function studyBanner(phase: StudyPhase): HTMLElement | null {
    if (phase.mode !== "study") return null;
    studyText.textContent = `King trial: study the maze — ${phase.secondsLeft} s`;
    return h("div", { class: "pfc-study", role: "timer" }, studyText,
      h("button", { type: "button", class: "pfc-btn", onclick: () => {
        study.finish(phase.key);
        render();
      } }, "I am ready"));
  }

  /** Once a second while studying: the countdown, and a redraw when the study ends. */
  function tick(): void {
    const phase = study.phase(readModel(state), state, Date.now());
    if (phase.mode !== studyMode) render();
    else if (phase.mode === "study") studyText.textContent = `King trial: study the maze — ${phase.secondsLeft} s`;
  }

  function scheduleTick(studying: boolean): void {
    if (studying && timer === null) timer = setInterval(tick, 1000);
    if (!studying && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  function cancel(): void {
    prefix = [];
    markSelection();
  }

  function press(el: Element): void {
    const key = keyOf(el);
    if (key === null || !toAct()) return;
    const p = plan();
    const allowed = new Set([...nextKeys(p, []), ...nextKeys(p, prefix), ...prefix]);
    if (!allowed.has(key)) return;
    const outcome = applyClick(p, prefix, key);
    if (outcome.kind === "play") {
      prefix = [];
      ctx.play(outcome.move);
    } else if (outcome.kind === "select") {
      prefix = outcome.prefix;
    } else {
      ctx.notify("That is not a legal move now.");
    }
    markSelection();
  }

  root.addEventListener("click", (e) => {
    const target = (e.target as Element).closest(CLICK_TARGETS);
    if (target && root.contains(target)) press(target);
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && prefix.length) {
      cancel();
      return;
    }
    const target = e.target as Element;
    // Buttons turn Enter/Space into clicks themselves; the SVG cards and hearts need it done.
    if ((e.key === "Enter" || e.key === " ") && target.tagName !== "BUTTON" && target.matches(CLICK_TARGETS)) {
      e.preventDefault();
      press(target);
    }
  });

  render();
  return {
    update(next) {
      const focusedKey = document.activeElement && root.contains(document.activeElement)
        ? keyOf(document.activeElement) : null;
      if (next.version !== state.version) prefix = [];
      state = next;
      render();
      if (focusedKey) (root.querySelector(focusedKey) as HTMLElement | null)?.focus();
    },
    destroy() {
      scheduleTick(false);
      root.remove();
    },
  };
}

/** The Advisor's question asked word by word: the sentence so far and what comes next. */
function questionProgress(model: PlayModel, state: BoardState): HTMLElement | null {
  const q = model.view.question;
  if (!q?.text) return null;
  const where = q.expect === "a cell" ? " (click a card or a space on the maze)" : "";
  return h("p", { class: "pfc-question-progress" },
    `Question ${q.number}, word by word: `, h("q", {}, questionUnderWay(state.events, q.text)),
    ` — next: ${q.expect}${where}`);
}

function roleLine(model: PlayModel): string {
  const v = model.view;
  const names: Record<string, string> = { maker: "the Maze Maker", runner: "the Maze Runner" };
  const who = model.role === "watcher" ? "You are watching" : `You are ${names[model.role]} (${v.observer})`;
  const board = [model.hex && "hex board", model.advanced && "advanced game"].filter(Boolean).join(", ");
  return board ? `${who} · ${board}` : who;
}

function selectionWords(prefix: string[]): string {
  return prefix.map((key) => {
    const [, attr, value] = /^\[data-([a-z-]+)="(.*)"\]$/.exec(key) ?? [];
    if (attr === "heart") return cardLabel(value);
    if (attr === "recall") return recallLabel(value);
    return value ?? key;
  }).join(" → ");
}
