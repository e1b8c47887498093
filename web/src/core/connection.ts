// One seat's (or a spectator's) WebSocket to a match. It says `hello` with the token, delivers
// state and error messages, plays moves at the version seen, answers `check`/`suggest` as promises
// (replies come back in the order asked), and after a dropped connection reconnects by itself with
// a growing delay; the server's first message after `hello` is the full state, so nothing is lost.
// After it the server sends patches; each is turned back into the state it stands for before the
// page sees it, and one that does not follow from the last state asks for the full state instead.
import type { CheckResult, Suggestion } from "../games/types";
import { followPatch, type ClientMessage, type ErrorMessage, type PresenceMessage, type RematchMessage,
  type ServerMessage, type StateMessage } from "./protocol";

export type ConnectionStatus = "connecting" | "open" | "reconnecting" | "closed";

export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface ConnectionOptions {
  url: string;
  match: string;
  token?: string;
  onState(msg: StateMessage): void;
  onError(msg: ErrorMessage): void;
  onStatus?(status: ConnectionStatus): void;
  onPresence?(msg: PresenceMessage): void;
  onRematch?(msg: RematchMessage): void;
  createSocket?: (url: string) => SocketLike;
  /** Delays before reconnect attempts: initial, doubled each time, capped. */
  backoff?: { initialMs: number; maxMs: number };
  timeouts?: { checkMs: number; suggestMs: number };
}

const OPEN = 1;
/** After a refused sync, the wait before asking again (the server allows about two a second). */
const SYNC_RETRY_MS = 1000;

/** Error codes that only a suggestion can cause (an unknown agent spec, an agent that failed). */
const SUGGEST_ERRORS = new Set(["unknown_agent", "internal", "busy"]);

interface Pending<T> {
  resolve(value: T): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The URL of the server's WebSocket for a page served at `location`, naming `match`: the server
 * then serves every connection of the match on one thread (a hint only: the hello says what the
 * connection plays).
 */
export function socketUrl(location: { protocol: string; host: string }, match: string): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws?match=${encodeURIComponent(match)}`;
}

export class MatchConnection {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private closedByUs = false;
  private readonly checks: Pending<CheckResult>[] = [];
  private readonly suggestions: Pending<Suggestion>[] = [];
  /** The versions of moves sent and not yet answered (by a newer state or a refusal). */
  private actsInFlight: number[] = [];
  /** The last state given to the page: what the next patch applies to. */
  private lastState: StateMessage | null = null;
  /** A full state was asked for because a patch did not follow: later patches wait for it. */
  private resyncing = false;
  private syncRetryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly timeouts: { checkMs: number; suggestMs: number };
  status: ConnectionStatus = "connecting";

  constructor(private readonly opts: ConnectionOptions) {
    this.backoff = opts.backoff ?? { initialMs: 500, maxMs: 8000 };
    this.timeouts = opts.timeouts ?? { checkMs: 10_000, suggestMs: 120_000 };
  }

  start(): void {
    this.closedByUs = false;
    this.open();
  }

  close(): void {
    this.closedByUs = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (this.syncRetryTimer) clearTimeout(this.syncRetryTimer);
    this.syncRetryTimer = null;
    this.failPending("the page left the match");
    this.socket?.close();
    this.socket = null;
    this.setStatus("closed");
  }

  act(action: string, version: number): boolean {
    const sent = this.send({ type: "act", action, version });
    if (sent) this.actsInFlight.push(version);
    return sent;
  }

  /** Ends the match, losing, at the version seen; the state message that follows shows it. */
  resign(version: number): boolean {
    return this.send({ type: "resign", version });
  }

  /** Asks for a rematch of the finished match; a `rematch` message answers. */
  rematch(): boolean {
    return this.send({ type: "rematch" });
  }

  sync(): boolean {
    return this.send({ type: "sync" });
  }

  check(action: string, version: number): Promise<CheckResult> {
    return this.ask(this.checks, { type: "check", action, version }, this.timeouts.checkMs,
      "checking the move");
  }

  suggest(agent: string): Promise<Suggestion> {
    return this.ask(this.suggestions, { type: "suggest", agent }, this.timeouts.suggestMs,
      "the computer's suggestion");
  }

  /** The delay before reconnect attempt `n` (0-based): doubling from the initial, capped. */
  static delay(n: number, backoff: { initialMs: number; maxMs: number }): number {
    return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(n, 20));
  }

  private open(): void {
    this.setStatus(this.attempts === 0 ? "connecting" : "reconnecting");
    const create = this.opts.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.opts.url);
    this.socket = socket;
    socket.onopen = () => {
      const hello: ClientMessage = { type: "hello", match: this.opts.match };
      if (this.opts.token) hello.token = this.opts.token;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (ev) => this.receive(String(ev.data));
    socket.onerror = () => {}; // a close event always follows; it decides what to do
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lastState = null;
      this.resyncing = false;
      this.failPending("the connection dropped");
      this.actsInFlight = [];
      if (!this.closedByUs) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.setStatus("reconnecting");
    const wait = MatchConnection.delay(this.attempts++, this.backoff);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closedByUs) this.open();
    }, wait);
  }

  private receive(text: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(text) as ServerMessage;
    } catch {
      return; // not ours to understand; the protocol only sends JSON
    }
    switch (msg.type) {
      case "state":
        this.attempts = 0; // a full state means the (re)connection worked
        this.resyncing = false;
        this.deliver(msg);
        break;
      case "patch": {
        const next = this.resyncing ? null : followPatch(this.lastState, msg);
        if (next) this.deliver(next);
        else this.askForFullState();
        break;
      }
      case "check": {
        const { type: _type, ...result } = msg;
        this.settle(this.checks, result);
        break;
      }
      case "suggestion": {
        const suggestion: Suggestion = { actions: msg.actions, view: msg.view };
        if (typeof msg.text === "string") suggestion.text = msg.text;
        this.settle(this.suggestions, suggestion);
        break;
      }
      case "error":
        if (msg.request === "sync" && this.resyncing) this.retryFullState();
        else if (!this.settleError(msg)) this.opts.onError(msg);
        break;
      case "presence":
        this.opts.onPresence?.(msg);
        break;
      case "rematch":
        this.opts.onRematch?.(msg);
        break;
    }
  }

  private deliver(msg: StateMessage): void {
    this.lastState = msg;
    this.actsInFlight = this.actsInFlight.filter((v) => v >= msg.version);
    this.setStatus("open");
    this.opts.onState(msg);
  }

  /** Once per gap: the patches that follow are dropped until the full state arrives. */
  private askForFullState(): void {
    if (this.resyncing || !this.socket || this.socket.readyState !== OPEN) return;
    this.resyncing = true;
    this.socket.send(JSON.stringify({ type: "sync" } satisfies ClientMessage));
  }

  /** The server refused the sync (too many a second): ask again a little later, on the same socket. */
  private retryFullState(): void {
    const socket = this.socket;
    this.syncRetryTimer ??= setTimeout(() => {
      this.syncRetryTimer = null;
      if (this.socket !== socket || !this.resyncing) return;
      this.resyncing = false;
      this.askForFullState();
    }, SYNC_RETRY_MS);
  }

  private send(msg: ClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.status !== "open") return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  private ask<T>(queue: Pending<T>[], msg: ClientMessage, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!this.send(msg)) {
        reject(new Error(`Not connected to the server: ${what} is not possible right now.`));
        return;
      }
      const entry: Pending<T> = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const i = queue.indexOf(entry);
          if (i >= 0) queue.splice(i, 1);
          reject(new Error(`No answer from the server for ${what} after ${timeoutMs / 1000} s.`));
        }, timeoutMs),
      };
      queue.push(entry);
    });
  }

  private settle<T>(queue: Pending<T>[], value: T): void {
    const entry = queue.shift();
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.resolve(value);
  }

  /**
   * A refusal of a `suggest` (or `check`) rejects that request instead of reaching the page. The
   * server names the request in `request` when it does; otherwise a refusal answers a move in
   * flight if there is one, else the oldest suggestion (an agent error can only be a suggestion's).
   */
  private settleError(msg: ErrorMessage): boolean {
    let queue: Pending<CheckResult>[] | Pending<Suggestion>[] | null = null;
    if (msg.request === "resign" || msg.request === "rematch") return false; // the page's to show
    if (msg.request === "check") queue = this.checks;
    else if (msg.request === "suggest" || SUGGEST_ERRORS.has(msg.code)) queue = this.suggestions;
    else if (msg.request === "act" || this.actsInFlight.length > 0) this.actsInFlight.shift();
    else queue = this.suggestions;
    const entry = queue?.shift();
    if (!entry) return false;
    clearTimeout(entry.timer);
    entry.reject(new Error(msg.message));
    return true;
  }

  private failPending(why: string): void {
    for (const queue of [this.checks, this.suggestions] as Pending<unknown>[][]) {
      for (const entry of queue.splice(0)) {
        clearTimeout(entry.timer);
        entry.reject(new Error(`No answer: ${why}.`));
      }
    }
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.opts.onStatus?.(status);
  }
}
