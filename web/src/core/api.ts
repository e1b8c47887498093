// The HTTP API client (docs/server.md): typed replies, and errors that say in words what went
// wrong, whether the server refused the request or could not be reached at all.
import type { GameEvent } from "../games/types";

export interface GameOption {
  name: string;
  type: "bool" | "int" | "choice";
  default: boolean | number | string;
  choices?: string[];
  min?: number;
  max?: number;
  help: string;
}

export interface GameInfo {
  id: string;
  name: string;
  summary: string;
  min_players: number;
  max_players: number;
  perfect_information: boolean;
  chance: boolean;
  options: GameOption[];
  agents: string[];
  strongest_agent: string;
  /** The strongest agent for each player count ("2", "3", ...), where it depends on the count. */
  strongest_agent_by_players?: Record<string, string>;
  /** How to play, in plain words: the goal, a turn, the special cards or pieces (lines of text). */
  how_to_play?: string;
}

export interface SeatSummary {
  seat: number;
  kind: "human" | "agent";
  agent?: string;
  joined: boolean;
  /** Known once a presence message told it: a connection holds the seat now. */
  connected?: boolean;
}

export interface MatchSummary {
  match: string;
  game: string;
  options: Record<string, unknown>;
  public: boolean;
  seats: SeatSummary[];
  version: number;
  to_act: number | null;
  status: "playing" | "finished";
  returns?: number[];
}

export type SeatRequest = "human" | { agent: string };

export interface CreateMatchRequest {
  game: string;
  options: Record<string, unknown>;
  seats: SeatRequest[];
  public: boolean;
}

export interface JoinReply {
  match: string;
  seat: number;
  token: string;
}

/** Who a replay is seen as: a seat, the spectator, or the referee who sees everything. */
export type Observer = number | "spectator" | "omniscient";

/** One step of a replay: what the observer saw after `step` actions (docs/server.md). */
export interface ReplayStep {
  match: string;
  game: string;
  options: Record<string, unknown>;
  step: number;
  steps: number;
  seat: number | null;
  observer: string;
  to_act: number | null;
  status: "playing" | "finished";
  view: unknown;
  events: GameEvent[];
  returns?: number[];
}

/** A refused or failed request; `message` is meant for the player. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Fetch = typeof fetch;

export class ApiClient {
  constructor(
    private readonly base = "",
    private readonly fetchFn: Fetch = (...args) => fetch(...args),
  ) {}

  games(): Promise<GameInfo[]> {
    return this.request("GET", "/api/games");
  }

  publicMatches(): Promise<MatchSummary[]> {
    return this.request("GET", "/api/matches");
  }

  match(id: string): Promise<MatchSummary> {
    return this.request("GET", `/api/matches/${encodeURIComponent(id)}`);
  }

  createMatch(body: CreateMatchRequest): Promise<MatchSummary> {
    return this.request("POST", "/api/matches", body);
  }

  /** Takes seat `seat`, or the first free human seat when it is omitted. */
  join(id: string, seat?: number): Promise<JoinReply> {
    return this.request("POST", `/api/matches/${encodeURIComponent(id)}/join`,
      seat === undefined ? {} : { seat });
  }

  /** The view at `step` for `observer` (a seat, or "omniscient"); a seat's token lets it see its own. */
  replay(id: string, observer: Observer, step?: number, token?: string): Promise<ReplayStep> {
    const query = `seat=${observer}` + (step === undefined ? "" : `&step=${step}`);
    return this.request("GET", `/api/matches/${encodeURIComponent(id)}/replay?${query}`, undefined, token);
  }

  private async request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["Authorization"] = `Bearer ${token}`;
    let res: Response;
    try {
      res = await this.fetchFn(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError(`Cannot reach the server (${describe(err)}). Is it running?`, "network", 0);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text === "" ? null : JSON.parse(text);
    } catch {
      throw new ApiError(`The server answered ${res.status} with something that is not JSON.`,
        "bad_reply", res.status);
    }
    if (!res.ok) throw errorFrom(json, res.status);
    return json as T;
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The server's `{"error": {"code", "message"}}`, or a plain description of the status. */
function errorFrom(json: unknown, status: number): ApiError {
  const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.message === "string") {
    return new ApiError(error.message, typeof error.code === "string" ? error.code : "error", status);
  }
  const words = status === 404 ? "not found" : status >= 500 ? "a server error" : "a refused request";
  return new ApiError(`The server answered ${status} (${words}).`, "http_" + status, status);
}
