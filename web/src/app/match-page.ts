// The match page: connects as every seat of the match this browser holds (a spectator if none),
// draws the shown seat's board, log, moves and result, and in hot-seat hides everything behind the
// pass-the-device cover whenever the turn passes between two seats held here.
import { ApiClient, type GameInfo, type MatchSummary } from "../core/api";
import { MatchConnection, socketUrl, type ConnectionStatus } from "../core/connection";
import { clear, h } from "../core/dom";
import { mergeEvents, type PresenceMessage, type RematchMessage, type StateMessage } from "../core/protocol";
import { matchHref } from "../core/router";
import type { TokenStore } from "../core/tokens";
import { genericUI } from "../games/generic";
import { gameUI } from "../games/registry";
import type { Board, BoardContext, BoardState, GameEvent, GameUI } from "../games/types";
import { toBoardState } from "./board-state";
import { keepFocusOnBoard } from "./board-focus";
import { markChanged, snapshotBoard } from "./changed-cells";
import { createEventLog, eventDescriber, eventPhrases, runDescriber } from "./event-log";
import { initialHotSeat, nextHotSeat, uncover, type HotSeatState } from "./hot-seat";
import { howToPlay } from "./how-to-play";
import { invitePanel, freeSeats } from "./invite-panel";
import { createLegalList } from "./legal-list";
import { motionsOf, playMotions } from "./motion";
import { matchHeader } from "./match-header";
import { createResignControl, readyToFollow } from "./resign-control";
import { presenceNews, seatNamesOf, withYou } from "./names";
import { plainWords } from "./plain-words";
import { createNotationBox } from "./notation-box";
import { createPacer, paceFromStorage } from "./pacer";
import { passDeviceCover } from "./pass-device";
import { resultBanner, resultLineOf } from "./result-banner";

/** A seat's (or the spectator's, key -1) connection and the last state it was sent. */
interface Observer {
  connection: MatchConnection;
  message: StateMessage | null;
  /** When `message` arrived, in arrival order across observers (their versions are their own). */
  received: number;
  events: GameEvent[];
}

const SPECTATOR = -1;
const SUMMARY_POLL_MS = 4000;
/** A rematch whose tokens have not all arrived is followed anyway after this long. */
const REMATCH_FOLLOW_MS = 3000;

export interface MatchPageDeps {
  api: ApiClient;
  tokens: TokenStore;
  gameName(id: string): Promise<string>;
  /** The game's catalogue entry (its "How to play"), when the catalogue can be read. */
  gameInfo?(id: string): Promise<GameInfo | undefined>;
}

export class MatchPage {
  private readonly observers = new Map<number, Observer>();
  private arrivals = 0;
  private held: number[] = [];
  private hotSeat: HotSeatState | null = null;
  private board: Board | null = null;
  private boardSeat: number | null = null;
  private ui: GameUI | null = null;
  private gameName = "";
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private readonly headerSlot = h("div", { class: "header-slot" });
  private readonly boardHost = h("div", { id: "board", class: "board-host", tabindex: -1, "aria-label": "Board" });
  private readonly notice = h("p", { class: "notice", role: "status", "aria-live": "polite" });
  private readonly resultSlot = h("div", { class: "result-slot" });
  private readonly inviteSlot = h("div", { class: "invite-slot" });
  private readonly rulesSlot = h("div", { class: "rules-slot" });
  private readonly log = createEventLog();
  private readonly notation = createNotationBox((text) => this.play(text));
  private readonly legal = createLegalList((move) => this.play(move));
  private readonly playArea: HTMLElement;
  private readonly coverSlot = h("div", { class: "cover-slot" });
  private readonly resign = createResignControl(() => this.resignShown());
  private readonly focusKeeper: { restore(): void; stop(): void };
  /** A rematch asked for or announced: the page moves there once its tokens are in. */
  private rematchPending = false;
  private rematchTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly matchId: string,
    private readonly spectate: boolean,
    private readonly deps: MatchPageDeps,
    private summary: MatchSummary | null = null,
  ) {
    this.playArea = h("div", { class: "match-body" },
      // Feedback (an illegal click, a move the server refused, news of the other players) just
      // above the board, under the header's turn line: in view with the turn prompt.
      h("div", { class: "board-column" }, this.notice, this.boardHost),
      h("div", { class: "side-column" }, this.resultSlot, this.resign.el, this.log.el, this.notation.el,
        this.legal.el, this.inviteSlot, this.rulesSlot));
    this.focusKeeper = keepFocusOnBoard({ playArea: this.playArea, board: this.boardHost });
  }

  async start(): Promise<void> {
    window.__mazeworks = { state: null };
    clear(this.root);
    this.root.append(h("main", { class: "match-page" }, this.headerSlot, this.coverSlot, this.playArea));
    this.headerSlot.append(h("p", {}, "Loading the match…"));
    this.summary = await this.deps.api.match(this.matchId);
    this.gameName = await this.deps.gameName(this.summary.game);
    const info = await this.deps.gameInfo?.(this.summary.game);
    if (this.stopped) return; // the player left while the match was loading
    this.ui = gameUI(this.summary.game) ?? genericUI(this.summary.game);
    const rules = info ? howToPlay(info, this.ui) : null;
    if (rules) this.rulesSlot.append(rules);
    const humans = new Set(this.summary.seats.filter((s) => s.kind === "human").map((s) => s.seat));
    const seats = this.spectate ? [] : this.deps.tokens.seats(this.matchId).filter((s) => humans.has(s.seat));
    this.held = seats.map((s) => s.seat);
    if (this.held.length > 0) this.deps.tokens.remember(this.matchId, this.summary.game, this.held);
    if (seats.length === 0) this.connect(SPECTATOR, undefined);
    for (const { seat, token } of seats) this.connect(seat, token);
    if (freeSeats(this.summary).length > 0) {
      this.pollTimer = setInterval(() => void this.refreshSummary(), SUMMARY_POLL_MS);
    }
    this.render();
  }

  stop(): void {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.rematchTimer) clearTimeout(this.rematchTimer);
    for (const o of this.observers.values()) o.connection.close();
    this.observers.clear();
    this.focusKeeper.stop();
    this.dropBoard();
    window.__mazeworks = { state: null };
  }

  private connect(seat: number, token: string | undefined): void {
    // Each connection is paced on its own: in hot-seat both seats see the computer move alike.
    const pacer = createPacer<StateMessage>((msg, computerMoved) => this.onState(seat, msg, computerMoved), {
      gapMs: paceFromStorage(storageOrUndefined()),
      isComputer: (s) => this.summary?.seats.some((x) => x.seat === s && x.kind === "agent") ?? false,
      now: () => performance.now(),
      schedule: (run, ms) => void setTimeout(run, ms),
    });
    const observer: Observer = {
      message: null,
      received: 0,
      events: [],
      connection: new MatchConnection({
        url: socketUrl(window.location, this.matchId),
        match: this.matchId,
        token,
        onState: (msg) => pacer.push(msg),
        onError: (err) => {
          if (seat === this.shownKey()) this.feedback(plainWords(err.message), true);
        },
        onStatus: () => this.renderHeader(),
        // Every connection of a hot-seat device hears the same news: the first one tells it.
        onPresence: (msg) => {
          if (seat === this.observers.keys().next().value) this.onPresence(msg);
        },
        onRematch: (msg) => this.onRematch(msg),
      }),
    };
    this.observers.set(seat, observer);
    observer.connection.start();
  }

  private onState(seat: number, msg: StateMessage, computerMoved = false): void {
    const observer = this.observers.get(seat);
    if (this.stopped || !observer) return; // a paced message due after the player left
    const previous = computerMoved && seat === this.shownKey() ? this.shownState() : null;
    observer.events = mergeEvents(observer.events, msg);
    observer.message = msg;
    observer.received = ++this.arrivals;
    if (this.held.length > 0) {
      const toAct = this.newestMessage()?.to_act ?? null;
      this.hotSeat = this.hotSeat ? nextHotSeat(this.hotSeat, this.held, toAct)
        : initialHotSeat(this.held, toAct);
    }
    if (msg.status === "finished" && this.pollTimer) clearInterval(this.pollTimer);
    const lightChanges = computerMoved && seat === this.shownKey() && this.board !== null;
    const before = lightChanges ? snapshotBoard(this.boardHost) : null;
    this.render();
    if (before && !this.hotSeat?.covered) {
      markChanged(this.boardHost, before);
      playMotions(this.boardHost, motionsOf(this.ui, previous, this.shownState()));
    }
  }

  private onPresence(msg: PresenceMessage): void {
    if (!this.summary) return;
    this.summary = { ...this.summary, seats: msg.seats };
    if (!this.held.includes(msg.seat)) this.feedback(presenceNews(msg.seat, msg.event, this.seatNames()));
    if (freeSeats(this.summary).length === 0 && this.pollTimer) clearInterval(this.pollTimer);
    if (!this.hotSeat?.covered) this.render();
  }

  /**
   * The rematch was made (by anyone): each seat's token arrives on its own connection; once every
   * seat held here has one the page moves to the new match, keeping the seats.
   */
  private onRematch(msg: RematchMessage): void {
    if (this.stopped) return;
    if (msg.seat !== undefined && msg.token && this.held.includes(msg.seat)) {
      this.deps.tokens.save(msg.match, msg.seat, msg.token);
    }
    this.rematchPending = true;
    const follow = () => {
      if (this.stopped) return;
      window.location.hash = matchHref(msg.match, this.spectate);
    };
    if (readyToFollow(this.held, (seat) => this.deps.tokens.token(msg.match, seat))) return follow();
    this.rematchTimer ??= setTimeout(follow, REMATCH_FOLLOW_MS);
    this.render();
  }

  private askRematch(): void {
    const seat = this.held.find((s) => this.observers.has(s));
    if (seat === undefined) return;
    if (this.observers.get(seat)!.connection.rematch()) {
      this.rematchPending = true;
    } else {
      this.feedback("Not connected: the rematch was not asked for. Reconnecting…", true);
    }
    this.render();
  }

  /** The shown seat resigns at the version it saw; false when it could not be sent. */
  private resignShown(): boolean {
    const seat = this.shownKey();
    const o = this.observers.get(seat);
    if (seat === SPECTATOR || !o?.message) return false;
    return o.connection.resign(o.message.version);
  }

  /** The observer whose view is drawn: the hot-seat's shown seat, the only seat, or the spectator. */
  private shownKey(): number {
    return this.hotSeat?.shown ?? SPECTATOR;
  }

  /**
   * The state message that arrived last. Not the highest version: each seat counts only the events
   * it is told of (a secret set-up's steps are not counted for the other seat), so versions of
   * different seats do not compare.
   */
  private newestMessage(): StateMessage | null {
    let newest: Observer | null = null;
    for (const o of this.observers.values()) {
      if (o.message && (!newest || o.received > newest.received)) newest = o;
    }
    return newest?.message ?? null;
  }

  private shownMessage(): StateMessage | null {
    return this.observers.get(this.shownKey())?.message ?? null;
  }

  private shownState(): BoardState | null {
    const o = this.observers.get(this.shownKey());
    if (!o?.message || !this.summary) return null;
    return toBoardState(o.message, o.events, this.summary);
  }

  private connectionStatus(): ConnectionStatus {
    const all = [...this.observers.values()].map((o) => o.connection.status);
    return all.find((s) => s !== "open") ?? "open";
  }

  private render(): void {
    // A redrawn board or move list drops the focused element: a keyboard player stays on the board.
    const hadFocus = this.playArea.contains(document.activeElement);
    this.renderPlayArea();
    if (hadFocus && !this.playArea.hidden && !this.playArea.contains(document.activeElement)) {
      this.boardHost.focus();
    }
    this.focusKeeper.restore();
  }

  private renderPlayArea(): void {
    this.renderHeader();
    if (this.hotSeat?.covered) return this.renderCover(this.hotSeat.shown);
    clear(this.coverSlot);
    this.playArea.hidden = false;
    const state = this.shownState();
    window.__mazeworks = { state };
    if (!state) return;
    this.drawBoard(state);
    const names = this.seatNames();
    // The log marks the shown seat's own lines "(you)", as the header does.
    this.log.show(state.events, state.seat, eventDescriber(this.ui, state), withYou(names, state.seat),
      eventPhrases(this.ui, state), runDescriber(this.ui, state));
    const myTurn = state.interactive && state.legal.length > 0;
    this.legal.show(state.interactive ? state.legal : []);
    this.notation.setEnabled(myTurn);
    // a finished game (or a spectator) has nothing to type or choose
    this.notation.el.hidden = !state.interactive;
    this.legal.el.hidden = !state.interactive;
    this.resign.show(state.interactive && state.status === "playing");
    clear(this.resultSlot);
    if (state.status === "finished" && state.returns) {
      const resigned = this.shownMessage()?.resigned;
      this.resultSlot.append(resultBanner(this.matchId, state.returns, state.seat, names,
        resultLineOf(this.ui, state), {
          resigned,
          onRematch: this.held.length > 0 ? () => this.askRematch() : undefined,
          rematchPending: this.rematchPending,
        }));
    }
    clear(this.inviteSlot);
    const invite = this.summary && state.status === "playing" ? invitePanel(this.summary, names) : null;
    if (invite) this.inviteSlot.append(invite);
  }

  private renderHeader(): void {
    if (!this.summary || !this.ui) return;
    const state = this.hotSeat?.covered ? null : this.shownState();
    clear(this.headerSlot);
    this.headerSlot.append(matchHeader(this.gameName, this.summary, state, this.held, this.ui,
      this.connectionStatus(), this.seatNames(), state ? this.shownMessage()?.resigned : undefined));
  }

  /** The seats as the game names them (from the newest view; "Player n" before one arrives). */
  private seatNames(): string[] {
    return seatNamesOf(this.newestMessage()?.view, this.summary?.seats.length ?? 0);
  }

  /** Everything of the previous seat leaves the page before the cover is shown. */
  private renderCover(seat: number): void {
    window.__mazeworks = { state: null };
    this.dropBoard();
    this.log.clear();
    this.legal.show([]);
    this.resign.show(false);
    clear(this.resultSlot);
    this.feedback("");
    this.playArea.hidden = true;
    clear(this.coverSlot);
    this.coverSlot.append(passDeviceCover(seat, () => {
      this.hotSeat = this.hotSeat && uncover(this.hotSeat);
      this.render();
      this.boardHost.focus(); // the cover's button is gone: keep the keyboard user on the board
    }, this.seatNames()));
  }

  private drawBoard(state: BoardState): void {
    const seat = this.shownKey();
    try {
      if (this.board && this.boardSeat === seat) return this.board.update(state);
      this.dropBoard();
      this.boardSeat = seat;
      this.board = this.ui!.createBoard(this.boardHost, state, this.boardContext(seat));
    } catch (err) {
      // A board that fails must not take the match with it: the plain board keeps it playable.
      console.error(`the ${state.game} board failed; showing the plain board`, err);
      this.ui = genericUI(state.game);
      this.dropBoard();
      this.boardSeat = seat;
      this.board = this.ui.createBoard(this.boardHost, state, this.boardContext(seat));
    }
  }

  private dropBoard(): void {
    this.board?.destroy();
    this.board = null;
    this.boardSeat = null;
    clear(this.boardHost);
  }

  private boardContext(seat: number): BoardContext {
    const observer = () => this.observers.get(seat);
    const version = () => observer()?.message?.version ?? 0;
    return {
      play: (text) => this.playAs(seat, text),
      check: async (text) => {
        const result = await observer()!.connection.check(text, version());
        return result.message ? { ...result, message: plainWords(result.message) } : result;
      },
      suggest: (spec) => observer()!.connection.suggest(spec),
      notify: (message) => this.feedback(plainWords(message)),
    };
  }

  private play(text: string): void {
    this.playAs(this.shownKey(), text);
  }

  private playAs(seat: number, text: string): void {
    const o = this.observers.get(seat);
    if (!o?.message || seat === SPECTATOR) return this.feedback("Spectators cannot play.", true);
    this.feedback("");
    if (!o.connection.act(text, o.message.version)) {
      this.feedback("Not connected: the move was not sent. Reconnecting…", true);
    }
  }

  /** Shows a line in the feedback place above the board; `refused`: a move that was not played. */
  private feedback(message: string, refused = false): void {
    this.notice.textContent = message;
    this.notice.title = message;
    this.notice.classList.toggle("refused", refused && message !== "");
  }

  private async refreshSummary(): Promise<void> {
    try {
      this.summary = await this.deps.api.match(this.matchId);
      if (freeSeats(this.summary).length === 0 && this.pollTimer) clearInterval(this.pollTimer);
      if (!this.hotSeat?.covered) this.render();
    } catch {
      // the connection status already tells of a server that is away; try again at the next tick
    }
  }
}

/** This browser's storage, where reading it is allowed (a sandboxed frame may refuse). */
function storageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
