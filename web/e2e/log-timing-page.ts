// Loaded into a Chromium page by log-timing.e2e.ts (bundled there with Vite, never part of the
// app's build): the real event log, fed state messages the way the match page feeds it (merge the
// events, build the BoardState, bind the game's words, show), timed update by update.
import type { MatchSummary } from "../src/core/api";
import { h } from "../src/core/dom";
import { mergeEvents, type StateMessage } from "../src/core/protocol";
import { toBoardState } from "../src/app/board-state";
import { createEventLog, eventDescriber } from "../src/app/event-log";
import { seatNamesOf } from "../src/app/names";
import { gameUI } from "../src/games/registry";
import type { GameEvent } from "../src/games/types";

/** One update's times in ms: until the new line is in the DOM, and until the next frame. */
export interface UpdateTiming {
  inDom: number;
  nextFrame: number;
}

export interface LogTimingPage {
  /** Replaces the page with a match page's side column holding a fresh event log. */
  mount(summary: MatchSummary): void;
  /** Applies one state message as the match page does; the log must then show event `n`. */
  update(msg: StateMessage, n: number): Promise<UpdateTiming>;
  /** How many event lines (folded runs count once) and turns the log shows. */
  size(): { lines: number; turns: number };
}

declare global {
  interface Window {
    __logTiming?: LogTimingPage;
  }
}

let summary: MatchSummary | null = null;
let events: GameEvent[] = [];
const log = createEventLog();

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));

window.__logTiming = {
  mount(s) {
    summary = s;
    events = [];
    log.clear();
    document.body.replaceChildren(h("div", { id: "app" },
      h("main", { class: "match-page" },
        h("div", { class: "match-body" },
          h("div", { class: "board-column" }, h("div", { id: "board", class: "board-host" })),
          h("div", { class: "side-column" }, log.el)))));
  },
  async update(msg, n) {
    const start = performance.now();
    events = mergeEvents(events, msg);
    const state = toBoardState(msg, events, summary!);
    log.show(state.events, state.seat, eventDescriber(gameUI(msg.game) ?? null, state),
      seatNamesOf(msg.view, summary!.seats.length));
    if (!log.el.querySelector(`li[value="${n + 1}"]`)) throw new Error(`event ${n} is not in the log`);
    const inDom = performance.now() - start;
    await nextFrame();
    return { inDom, nextFrame: performance.now() - start };
  },
  size: () => ({
    lines: log.el.querySelectorAll(".event-list > li").length,
    turns: log.el.querySelectorAll(".turn").length,
  }),
};
