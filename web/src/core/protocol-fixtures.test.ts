// The browser's patch following against a real server's messages (fixtures/patches.json, captured
// by fixtures/capture-patches.mjs): seat 0 of a treasure-hunt match, every state and patch message
// it received, and its full view at each version (the server's replay route).
import { describe, expect, it } from "vitest";
import { MatchConnection, type SocketLike } from "./connection";
import type { PatchMessage, StateMessage } from "./protocol";
import captured from "./fixtures/patches.json";

type Message = StateMessage | PatchMessage;
const messages = captured.messages as Message[];
const views = captured.views as Record<string, unknown>;

/** Feeds `sequence` to a connection; returns the states it handed to the page and what it sent. */
function replay(sequence: unknown[]): { states: StateMessage[]; sent: unknown[] } {
  const states: StateMessage[] = [];
  const sent: unknown[] = [];
  const socket: SocketLike = {
    readyState: 0, onopen: null, onclose: null, onerror: null, onmessage: null,
    send: (data) => sent.push(JSON.parse(data)),
    close: () => {},
  };
  const conn = new MatchConnection({ url: "ws://x/ws", match: messages[0].match, token: "t",
    onState: (m) => states.push(m), onError: () => {}, createSocket: () => socket });
  conn.start();
  socket.readyState = 1;
  socket.onopen?.({});
  for (const msg of sequence) socket.onmessage?.({ data: JSON.stringify(msg) });
  conn.close();
  return { states, sent: sent.slice(1) };
}

describe("following a real server's patches", () => {
  it("the fixture is a full state followed by patches", () => {
    expect(messages[0].type).toBe("state");
    expect(messages.length).toBeGreaterThan(8);
    expect(messages.slice(1).every((m) => m.type === "patch")).toBe(true);
  });

  it("gives the page exactly the server's full view at every version", () => {
    const { states, sent } = replay(messages);
    expect(states.map((s) => s.version)).toEqual(messages.map((m) => m.version));
    for (const s of states) expect(s.view, `version ${s.version}`).toEqual(views[String(s.version)]);
    expect(sent).toEqual([]);
  });

  it("never shows a board when a patch's base does not match: it syncs and waits for the full state", () => {
    const lost = 3; // the patch to messages[3]'s version never arrives
    const { states, sent } = replay([...messages.slice(0, lost), ...messages.slice(lost + 1)]);
    expect(states.map((s) => s.version)).toEqual(messages.slice(0, lost).map((m) => m.version));
    for (const s of states) expect(s.view).toEqual(views[String(s.version)]);
    expect(sent).toEqual([{ type: "sync" }]);

    // The full state answering the sync, then the rest of the patches from there on.
    const at = messages[lost + 1] as PatchMessage;
    const full: StateMessage = { ...(messages[0] as StateMessage), version: at.version, to_act: at.to_act,
      status: at.status, view: views[String(at.version)], legal: at.legal, events_from: 0, events: [] };
    const resumed = replay([...messages.slice(0, lost), messages[lost + 1], full, ...messages.slice(lost + 2)]);
    expect(resumed.states.map((s) => s.version)).toEqual(
      [...messages.slice(0, lost), ...messages.slice(lost + 1)].map((m) => m.version));
    for (const s of resumed.states) expect(s.view, `version ${s.version}`).toEqual(views[String(s.version)]);
  });
});
