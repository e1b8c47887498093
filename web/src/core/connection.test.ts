import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MatchConnection, socketUrl, type ConnectionStatus, type SocketLike } from "./connection";
import { mergeEvents, type ErrorMessage, type PatchMessage, type PresenceMessage, type StateMessage }
  from "./protocol";
import type { PatchOp } from "./view-patch";

/** A WebSocket the test drives: it records what the client sends and can open, answer or drop. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: Record<string, unknown>[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({});
  }
}

function state(version: number, eventsFrom = 0): StateMessage {
  return { type: "state", match: "m1", game: "g", version, seat: 0, to_act: 0, status: "playing",
    view: {}, legal: ["a"], events_from: eventsFrom, events: [] };
}

function setup() {
  const sockets: FakeSocket[] = [];
  const states: StateMessage[] = [];
  const errors: ErrorMessage[] = [];
  const statuses: ConnectionStatus[] = [];
  const presence: PresenceMessage[] = [];
  const conn = new MatchConnection({
    url: "ws://x/ws", match: "m1", token: "tok",
    onState: (m) => states.push(m), onError: (e) => errors.push(e), onStatus: (s) => statuses.push(s),
    onPresence: (p) => presence.push(p),
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    backoff: { initialMs: 100, maxMs: 1000 },
  });
  conn.start();
  /** Opens the newest socket and delivers the server's first full state. */
  const connect = (version = 1) => {
    const s = sockets[sockets.length - 1];
    s.open();
    s.receive(state(version));
    return s;
  };
  return { conn, sockets, states, errors, statuses, presence, connect };
}

describe("socketUrl", () => {
  it("names the match, so the server serves its connections on one thread", () => {
    expect(socketUrl({ protocol: "http:", host: "localhost:8080" }, "0123abcd"))
      .toBe("ws://localhost:8080/ws?match=0123abcd");
    expect(socketUrl({ protocol: "https:", host: "mazeworks.example" }, "a b&c"))
      .toBe("wss://mazeworks.example/ws?match=a%20b%26c");
  });
});

describe("MatchConnection", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says hello with the token and plays at the version seen", () => {
    const { conn, connect, states } = setup();
    const socket = connect(7);
    expect(socket.sent[0]).toEqual({ type: "hello", match: "m1", token: "tok" });
    expect(states.map((s) => s.version)).toEqual([7]);
    expect(conn.act("AH-4H", 7)).toBe(true);
    expect(socket.sent[1]).toEqual({ type: "act", action: "AH-4H", version: 7 });
  });

  it("passes news of who joined on, between states, without touching the game", () => {
    const { connect, states, presence } = setup();
    const socket = connect(3);
    const joined: PresenceMessage = { type: "presence", seat: 1, event: "joined",
      seats: [{ seat: 0, kind: "human", joined: true, connected: true },
        { seat: 1, kind: "human", joined: true, connected: false }] };
    socket.receive(joined);
    socket.receive(state(4, 1));
    expect(presence).toEqual([joined]);
    expect(states.map((s) => s.version)).toEqual([3, 4]);
  });

  it("refuses to send before the first state arrives", () => {
    const { conn, sockets } = setup();
    sockets[0].open();
    expect(conn.act("x", 0)).toBe(false);
    expect(sockets[0].sent).toHaveLength(1); // only the hello
  });

  it("reconnects after a drop with a doubling, capped delay and says hello again", () => {
    const { sockets, statuses, connect } = setup();
    connect();
    sockets[0].drop();
    expect(statuses).toContain("reconnecting");
    vi.advanceTimersByTime(99);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1].drop(); // the server is still away
    vi.advanceTimersByTime(199);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    connect(9);
    expect(sockets[2].sent[0]).toEqual({ type: "hello", match: "m1", token: "tok" });
    expect(statuses[statuses.length - 1]).toBe("open");
    sockets[2].drop(); // a success resets the delay to the first one
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(4);
  });

  it("caps the delay", () => {
    const backoff = { initialMs: 100, maxMs: 1000 };
    expect([0, 1, 2, 3, 4, 50].map((n) => MatchConnection.delay(n, backoff))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it("stops for good when closed by the page", () => {
    const { conn, sockets, connect } = setup();
    connect();
    conn.close();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(conn.status).toBe("closed");
  });

  it("answers checks and suggestions in the order asked", async () => {
    const { conn, connect } = setup();
    const socket = connect(3);
    const first = conn.check("a", 3);
    const suggestion = conn.suggest("random");
    const second = conn.check("b", 3);
    expect(socket.sent.slice(1)).toEqual([
      { type: "check", action: "a", version: 3 },
      { type: "suggest", agent: "random" },
      { type: "check", action: "b", version: 3 },
    ]);
    socket.receive({ type: "check", ok: true, actions: 1 });
    socket.receive({ type: "suggestion", version: 3, actions: ["x"], view: { v: 1 }, text: "x" });
    socket.receive({ type: "check", ok: false, message: "illegal" });
    await expect(first).resolves.toEqual({ ok: true, actions: 1 });
    await expect(suggestion).resolves.toEqual({ actions: ["x"], view: { v: 1 }, text: "x" });
    await expect(second).resolves.toEqual({ ok: false, message: "illegal" });
  });

  it("times a check out after 10 s and a suggestion after 120 s", async () => {
    const { conn, connect } = setup();
    connect();
    const check = conn.check("a", 1);
    const suggestion = conn.suggest("ismcts");
    const checkFailed = expect(check).rejects.toThrow(/after 10 s/);
    vi.advanceTimersByTime(10_000);
    await checkFailed;
    const suggestionFailed = expect(suggestion).rejects.toThrow(/after 120 s/);
    vi.advanceTimersByTime(110_000);
    await suggestionFailed;
  });

  it("fails pending requests when the connection drops", async () => {
    const { conn, sockets, connect } = setup();
    connect();
    const check = conn.check("a", 1);
    sockets[0].drop();
    await expect(check).rejects.toThrow(/dropped/);
  });

  it("rejects a suggestion the server refuses, and passes other errors to the page", async () => {
    const { conn, connect, errors } = setup();
    const socket = connect();
    const suggestion = conn.suggest("nobody");
    socket.receive({ type: "error", code: "unknown_agent", message: "unknown agent 'nobody'" });
    await expect(suggestion).rejects.toThrow("unknown agent 'nobody'");
    conn.act("x", 1);
    socket.receive({ type: "error", code: "not_your_turn", message: "seat 1 is to act", version: 1 });
    expect(errors.map((e) => e.code)).toEqual(["not_your_turn"]);
  });

  it("gives a refusal to the move in flight before a pending suggestion", async () => {
    const { conn, connect, errors } = setup();
    const socket = connect(4);
    const suggestion = conn.suggest("heuristic");
    conn.act("bad", 4);
    socket.receive({ type: "error", code: "illegal_action", message: "not legal", version: 4 });
    expect(errors.map((e) => e.code)).toEqual(["illegal_action"]);
    socket.receive({ type: "error", code: "not_your_turn", message: "seat 1 is to act", version: 4 });
    await expect(suggestion).rejects.toThrow("seat 1 is to act");
    expect(errors).toHaveLength(1);
  });
});

describe("MatchConnection: resign and rematch", () => {
  it("sends them, hands the rematch to the page, and leaves a resign refusal to the page", () => {
    const sockets: FakeSocket[] = [];
    const errors: ErrorMessage[] = [];
    const rematches: unknown[] = [];
    const conn = new MatchConnection({
      url: "ws://x/ws", match: "m1", token: "tok",
      onState: () => {}, onError: (e) => errors.push(e), onRematch: (m) => rematches.push(m),
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    });
    conn.start();
    const socket = sockets[0];
    socket.open();
    socket.receive(state(3));
    expect(conn.act("a", 3)).toBe(true);
    expect(conn.resign(3)).toBe(true);
    expect(conn.rematch()).toBe(true);
    expect(socket.sent.slice(2)).toEqual([{ type: "resign", version: 3 }, { type: "rematch" }]);
    const refusal: ErrorMessage = { type: "error", code: "finished", message: "the match is over", request: "resign" };
    socket.receive(refusal);
    expect(errors).toEqual([refusal]);
    socket.receive({ type: "rematch", match: "m2", seat: 0, token: "t2" });
    expect(rematches).toEqual([{ type: "rematch", match: "m2", seat: 0, token: "t2" }]);
    conn.close();
  });
});

describe("MatchConnection: patches", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function full(version: number, view: unknown): StateMessage {
    return { ...state(version), view, legal: [], events: [{ n: 0, player: "chance", text: "deal" }] };
  }
  function patch(base: number, version: number, ops: PatchOp[], extra: Partial<PatchMessage> = {}): PatchMessage {
    return { type: "patch", match: "m1", version, base, to_act: 1, status: "playing", patch: ops, legal: [],
      events: [{ n: base, player: 0, text: `move ${version}` }], ...extra };
  }

  it("turns each patch into the state it stands for, the log appended", () => {
    const { sockets, states } = setup();
    sockets[0].open();
    sockets[0].receive(full(1, { turn: 1, hand: ["a", "b"] }));
    sockets[0].receive(patch(1, 2, [{ op: "replace", path: "/turn", value: 2 }, { op: "remove", path: "/hand/1" }]));
    sockets[0].receive(patch(2, 3, [{ op: "replace", path: "/turn", value: 3 }],
      { status: "finished", to_act: null, returns: [1, -1] }));
    expect(states.map((s) => [s.type, s.version, s.events_from, s.view])).toEqual([
      ["state", 1, 0, { turn: 1, hand: ["a", "b"] }],
      ["state", 2, 1, { turn: 2, hand: ["a"] }],
      ["state", 3, 2, { turn: 3, hand: ["a"] }],
    ]);
    expect(states[2]).toMatchObject({ seat: 0, game: "g", status: "finished", to_act: null, returns: [1, -1] });
    expect(mergeEvents(mergeEvents(mergeEvents([], states[0]), states[1]), states[2]).map((e) => e.text))
      .toEqual(["deal", "move 2", "move 3"]);
  });

  it("never shows a patch on another base: it asks for the full state once and waits for it", () => {
    const { sockets, states } = setup();
    const socket = sockets[0];
    socket.open();
    socket.receive(full(4, { turn: 4 }));
    socket.receive(patch(5, 6, [{ op: "replace", path: "/turn", value: 6 }])); // version 5 was missed
    socket.receive(patch(6, 7, [{ op: "replace", path: "/turn", value: 7 }]));
    expect(states.map((s) => s.version)).toEqual([4]);
    expect(socket.sent.slice(1)).toEqual([{ type: "sync" }]);
    socket.receive(full(7, { turn: 7 }));
    socket.receive(patch(7, 8, [{ op: "replace", path: "/turn", value: 8 }]));
    expect(states.map((s) => [s.version, s.view])).toEqual([[4, { turn: 4 }], [7, { turn: 7 }], [8, { turn: 8 }]]);
  });

  it("asks for the full state when a patch does not fit the view, and again after a refused sync", () => {
    const { sockets, states, errors } = setup();
    const socket = sockets[0];
    socket.open();
    socket.receive(full(2, { turn: 2 }));
    socket.receive(patch(2, 3, [{ op: "remove", path: "/missing" }]));
    expect(states).toHaveLength(1);
    socket.receive({ type: "error", code: "rate_limited", message: "at most 2 syncs a second", request: "sync" });
    expect(errors).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(socket.sent.slice(1)).toEqual([{ type: "sync" }, { type: "sync" }]);
  });

  it("forgets the last state when the connection drops: a patch before the new full state is not shown", () => {
    const { sockets, states, connect } = setup();
    connect(3);
    sockets[0].drop();
    vi.advanceTimersByTime(100);
    sockets[1].open();
    sockets[1].receive(patch(3, 4, []));
    expect(states.map((s) => s.version)).toEqual([3]);
  });
});
