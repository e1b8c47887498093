// The WebSocket messages of docs/server.md, as the browser sees them.
import type { CheckResult, GameEvent, Suggestion } from "../games/types";

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
  request?: "act" | "check" | "suggest" | "resign" | "rematch";
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

export type ServerMessage = StateMessage | ErrorMessage | CheckMessage | SuggestionMessage | PresenceMessage
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
