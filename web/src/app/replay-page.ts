// The replay page: a match seen at any step from one observer's side (the referee who sees
// everything, the spectator, or a seat), stepped with buttons, a slider or the arrow keys.
import { ApiClient, type MatchSummary, type Observer, type ReplayStep } from "../core/api";
import { clear, h } from "../core/dom";
import { matchHref, replayHref } from "../core/router";
import type { TokenStore } from "../core/tokens";
import { genericUI } from "../games/generic";
import { gameUI } from "../games/registry";
import { readOnlyContext } from "../games/read-only-context";
import type { Board, BoardState, GameUI } from "../games/types";
import { CHANCE_TO_ACT, TERMINAL_TO_ACT } from "./board-state";
import { createEventLog, eventDescriber, eventPhrases, runDescriber } from "./event-log";
import { seatName, seatNamesOf, type SeatNames, withYou } from "./names";

export interface ReplayDeps {
  api: ApiClient;
  tokens: TokenStore;
  gameName(id: string): Promise<string>;
}

/** The observers the server shows this browser: anyone once finished, else its own seats. */
export function allowedObservers(summary: MatchSummary, held: number[]): Observer[] {
  if (summary.status === "finished") return ["omniscient", "spectator", ...summary.seats.map((s) => s.seat)];
  return [...held, "spectator"];
}

/** An observer as the "Seen by" list names it: the game's name for a seat ("Green"). */
export function observerLabel(o: Observer, names?: SeatNames): string {
  return o === "omniscient" ? "Everything (omniscient)" : o === "spectator" ? "A spectator" : seatName(o, names);
}

export function replayBoardState(step: ReplayStep, numSeats: number): BoardState {
  const finished = step.status === "finished";
  const state: BoardState = {
    game: step.game, options: step.options, seat: step.seat, numSeats, view: step.view, legal: [],
    toAct: step.to_act ?? (finished ? TERMINAL_TO_ACT : CHANCE_TO_ACT), status: step.status,
    version: step.step, events: step.events, interactive: false,
  };
  if (step.returns) state.returns = step.returns;
  return state;
}

/**
 * The steps at which a turn starts, for stepping a replay turn by turn: 0, the end, and every step
 * where another player takes over. Chance belongs to the turn it happens in (a die rolled for the
 * mover, a card drawn); chance before anyone has played (the deal) is a turn of its own.
 */
export function turnStarts(events: { player: number | "chance" }[]): number[] {
  const starts = [0];
  let owner: number | "chance" | null = null;
  events.forEach((e, i) => {
    const next = e.player === "chance" ? (owner ?? "chance") : e.player;
    if (owner !== null && next !== owner) starts.push(i);
    owner = next;
  });
  if (starts.at(-1) !== events.length) starts.push(events.length);
  return starts;
}

/**
 * Where step `step` of `steps` stands, in words: "set-up" while the game is set up (the first
 * `setupSteps` actions), then "turn k of n", counting the turns after the set-up only.
 */
export function turnLabel(starts: number[], setupSteps: number, step: number, steps: number): string {
  if (step < setupSteps) return "set-up";
  const play = [...new Set([setupSteps, ...starts.filter((s) => s > setupSteps)])]
    .filter((s) => s < steps).sort((a, b) => a - b);
  return `turn ${play.filter((s) => s <= step).length} of ${play.length}`;
}

/** The turn start after `step` (or before it, `direction` -1), clamped to 0..the last. */
export function nextTurnStart(starts: number[], step: number, direction: 1 | -1): number {
  if (direction > 0) return starts.find((s) => s > step) ?? starts.at(-1)!;
  return [...starts].reverse().find((s) => s < step) ?? 0;
}

const readOnly = readOnlyContext("a replay cannot be played");

export class ReplayPage {
  private board: Board | null = null;
  private ui: GameUI | null = null;
  private summary: MatchSummary | null = null;
  private observer: Observer = "omniscient";
  private step = 0;
  private steps = 0;
  private turns: number[] = [0];
  private setupSteps = 0;
  private held: number[] = [];
  private observerSelect: HTMLSelectElement | null = null;
  private request = 0;
  private stopped = false;
  private readonly boardHost = h("div", { id: "board", class: "board-host" });
  private readonly log = createEventLog();
  private readonly position = h("span", { class: "replay-position", "aria-live": "polite" });
  private readonly slider = h("input", { type: "range", min: 0, max: 0, value: 0, id: "replay-slider",
    "aria-label": "Step", oninput: (ev: Event) => this.go(Number((ev.target as HTMLInputElement).value)) });
  private readonly error = h("p", { class: "inline-error", role: "alert" });
  private readonly keys = (ev: KeyboardEvent) => this.onKey(ev);

  constructor(private readonly root: HTMLElement, private readonly matchId: string,
    private readonly wanted: Observer | undefined, private readonly deps: ReplayDeps,
    private readonly startStep = 0) {}

  async start(): Promise<void> {
    window.__mazeworks = { state: null };
    clear(this.root);
    this.summary = await this.deps.api.match(this.matchId);
    if (this.stopped) return;
    this.ui = gameUI(this.summary.game) ?? genericUI(this.summary.game);
    const held = this.deps.tokens.seats(this.matchId).map((s) => s.seat);
    this.held = held;
    const allowed = allowedObservers(this.summary, held);
    this.observer = this.wanted !== undefined && allowed.includes(this.wanted) ? this.wanted : allowed[0];
    const name = await this.deps.gameName(this.summary.game);
    if (this.stopped) return;
    this.root.append(h("main", { class: "replay-page" },
      h("header", { class: "match-header" },
        h("h1", {}, `Replay: ${name}`),
        h("nav", { class: "match-links" }, h("a", { href: "#/" }, "lobby"),
          h("a", { href: matchHref(this.matchId) }, "back to the match"))),
      this.controls(allowed), this.error,
      h("div", { class: "match-body" },
        h("div", { class: "board-column" }, this.boardHost),
        h("div", { class: "side-column" }, this.log.el))));
    document.addEventListener("keydown", this.keys);
    // The end tells how many steps there are and where the turns start; it is drawn only when it
    // is the step asked for, so another observer's view opens at the same step without a flash
    // of the end.
    const id = ++this.request;
    const end = await this.load(undefined);
    if (!end || id !== this.request || this.stopped) return;
    this.steps = end.steps;
    this.learnTurns(end.events);
    if (this.startStep >= end.steps) this.draw(end);
    else await this.go(this.startStep);
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener("keydown", this.keys);
    this.board?.destroy();
    this.board = null;
    window.__mazeworks = { state: null };
  }

  private controls(allowed: Observer[]): HTMLElement {
    const button = (label: string, id: string, to: () => number) =>
      h("button", { type: "button", id, onclick: () => this.go(to()) }, label);
    const select = this.observerSelect = h("select", { id: "replay-observer", onchange: (ev: Event) => {
      const value = (ev.target as HTMLSelectElement).value;
      const observer: Observer = /^\d+$/.test(value) ? Number(value) : (value as Observer);
      window.location.hash = replayHref(this.matchId, observer, this.step); // same step, other eyes
    } }, allowed.map((o) => h("option", { value: String(o), selected: o === this.observer }, observerLabel(o)))) as HTMLSelectElement;
    return h("div", { class: "replay-controls panel" },
      h("label", { for: "replay-observer" }, "Seen by"), select,
      h("div", { class: "row" },
        button("First", "replay-first", () => 0),
        button("◀ Turn", "replay-turn-back", () => nextTurnStart(this.turns, this.step, -1)),
        button("◀ 1", "replay-back", () => this.step - 1),
        this.slider,
        button("1 ▶", "replay-forward", () => this.step + 1),
        button("Turn ▶", "replay-turn-forward", () => nextTurnStart(this.turns, this.step, 1)),
        button("Last", "replay-last", () => this.steps)),
      this.position,
      h("p", { class: "help" }, "Keys: ← and → go a turn (the deal is one), with Shift one action; Home and End jump."));
  }

  /** The "Seen by" list names the seats as the game does, once a view has told the names. */
  private nameObservers(names: SeatNames): void {
    for (const option of Array.from(this.observerSelect?.options ?? [])) {
      if (/^\d+$/.test(option.value)) option.textContent = observerLabel(Number(option.value), names);
    }
  }

  private onKey(ev: KeyboardEvent): void {
    const target = ev.target as HTMLElement | null;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
    const byTurn = !ev.shiftKey;
    const to = {
      ArrowLeft: byTurn ? nextTurnStart(this.turns, this.step, -1) : this.step - 1,
      ArrowRight: byTurn ? nextTurnStart(this.turns, this.step, 1) : this.step + 1,
      Home: 0, End: this.steps,
    }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    void this.go(to);
  }

  private async go(step: number): Promise<void> {
    const clamped = Math.max(0, Math.min(this.steps, step));
    await this.fetch(clamped);
  }

  /** Loads and draws one step; an answer that arrives after a newer request is dropped. */
  private async fetch(step: number | undefined): Promise<void> {
    const id = ++this.request;
    const reply = await this.load(step);
    if (reply && id === this.request && !this.stopped) this.draw(reply);
  }

  /** One step from the server (the end when `step` is undefined); null after an error, shown. */
  private async load(step: number | undefined): Promise<ReplayStep | null> {
    const observer = this.observer;
    const token = typeof observer === "number" ? this.deps.tokens.token(this.matchId, observer) : undefined;
    try {
      const reply = await this.deps.api.replay(this.matchId, observer, step, token);
      this.error.textContent = "";
      return reply;
    } catch (err) {
      this.error.textContent = err instanceof Error ? err.message : String(err);
      return null;
    }
  }

  /** Where the turns start and the set-up ends, from the whole log. */
  private learnTurns(events: ReplayStep["events"]): void {
    this.turns = turnStarts(events);
    const firstPlay = events.findIndex((e) => !e.setup);
    this.setupSteps = firstPlay < 0 ? events.length : firstPlay;
  }

  private draw(reply: ReplayStep): void {
    this.step = reply.step;
    this.steps = reply.steps;
    // The whole log (the end, or a longer game than known) tells where the turns start.
    if (reply.step === reply.steps) this.learnTurns(reply.events);
    this.slider.max = String(reply.steps);
    this.slider.value = String(reply.step);
    this.position.textContent = `Step ${reply.step} of ${reply.steps}` +
      (reply.status === "finished" ? " — the end" : "") +
      ` · ${turnLabel(this.turns, this.setupSteps, reply.step, reply.steps)}`;
    // the address names the step shown, so a reload or a shared link opens it again
    history.replaceState(null, "", replayHref(this.matchId, this.observer, reply.step));
    const state = replayBoardState(reply, this.summary!.seats.length);
    window.__mazeworks = { state };
    // The seats as the game names them (Green, North…), the one held here marked "(you)".
    const names = seatNamesOf(reply.view, state.numSeats);
    this.nameObservers(names);
    const you = state.seat !== null && this.held.includes(state.seat) ? state.seat : null;
    this.log.show(state.events, state.seat, eventDescriber(this.ui, state), withYou(names, you),
      eventPhrases(this.ui, state), runDescriber(this.ui, state));
    if (this.board) this.board.update(state);
    else this.board = this.ui!.createBoard(this.boardHost, state, readOnly);
  }
}
