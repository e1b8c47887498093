// The WebSocket messages of docs/server.md, as the browser sees them.
import type { CheckResult, GameEvent, Suggestion } from "../games/types";
import { applyViewPatch, type PatchOp } from "./view-patch";

export interface StateMessage {
  type: "state";
  match: string;
  game: string;
  version: number;
  seat: number | null;
  to_act: number | null;
  status: "playing" | "finished";
  view: unknown;
  legal: string[];
  events_from: number;
  events: GameEvent[];
  returns?: number[];
  /** The seat that resigned, when the match ended that way. */
  resigned?: number;
  /** The finished match's rematch, once someone asked for one. */
  rematch?: string;
}

/**
 * What changed since the state at version `base` (docs/server.md, "Patches"): the new version, whose
 * turn, the status, the observer's legal moves, the patch that turns the view at `base` into the
 * view now, and the events told since (numbered from `base`).
 */
export interface PatchMessage {
  type: "patch";
  match: string;
  version: number;
  base: number;
  to_act: number | null;
  status: "playing" | "finished";
  patch: PatchOp[];
  legal: string[];
  events: GameEvent[];
  returns?: number[];
  resigned?: number;
  rematch?: string;
}

/** A finished match's rematch: its id, and on a seat's own connections that seat's new token. */
export interface RematchMessage {
  type: "rematch";
  match: string;
  seat?: number;
  token?: string;
}

export interface ErrorMessage {
  type: "error";
  code: string;
  message: string;
  version?: number;
  /** The client request a refusal answers, when the server names it. */
  request?: "act" | "check" | "suggest" | "resign" | "rematch" | "sync";
}

/** Who holds each seat after a seat was joined, connected or disconnected (docs/server.md). */
export interface PresenceMessage {
  type: "presence";
  seat: number;
  event: "joined" | "connected" | "disconnected";
  seats: { seat: number; kind: "human" | "agent"; agent?: string; joined: boolean; connected: boolean }[];
}

export type CheckMessage = { type: "check" } & CheckResult;
export type SuggestionMessage = { type: "suggestion" } & Suggestion;

export type ServerMessage = StateMessage | PatchMessage | ErrorMessage | CheckMessage | SuggestionMessage | PresenceMessage
  | RematchMessage;

export type ClientMessage =
  | { type: "hello"; match: string; token?: string }
  | { type: "act"; action: string; version: number }
  | { type: "sync" }
  | { type: "check"; action: string; version: number }
  | { type: "suggest"; agent: string }
  | { type: "resign"; version: number }
  | { type: "rematch" };

/** The whole log after a state message: a full resync replaces it, an update appends to it. */
export function mergeEvents(known: GameEvent[], msg: StateMessage): GameEvent[] {
  const kept = known.slice(0, Math.min(msg.events_from, known.length));
  return [...kept, ...msg.events];
}

/**
 * The state a patch makes of the last state received, as if the server had sent it whole; null when
 * it cannot be trusted (no state yet, another base version, or a patch that does not fit): the
 * caller then asks for the full state and shows nothing from this message.
 */
export function followPatch(last: StateMessage | null, msg: PatchMessage): StateMessage | null {
  if (!last || last.match !== msg.match || last.version !== msg.base) return null;
  let view: unknown;
  try {
    view = applyViewPatch(last.view, msg.patch);
  } catch {
    return null;
  }
  const next: StateMessage = { type: "state", match: last.match, game: last.game, version: msg.version,
    seat: last.seat, to_act: msg.to_act, status: msg.status, view, legal: msg.legal, events_from: msg.base,
    events: msg.events };
  if (msg.returns) next.returns = msg.returns;
  if (msg.resigned !== undefined) next.resigned = msg.resigned;
  if (msg.rematch !== undefined) next.rematch = msg.rematch;
  return next;
}
