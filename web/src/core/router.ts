// The hash routes of the app. Parsing is pure (tests run it without a page); `onRouteChange`
// wires it to the location.
import type { Observer } from "./api";

export type Route =
  | { page: "lobby" }
  | { page: "join"; match: string }
  | { page: "match"; match: string; seat?: number; token?: string; spectate: boolean }
  | { page: "replay"; match: string; observer?: Observer; step?: number }
  | { page: "not-found"; hash: string };

function splitQuery(rest: string): [string, URLSearchParams] {
  const q = rest.indexOf("?");
  return q < 0 ? [rest, new URLSearchParams()] : [rest.slice(0, q), new URLSearchParams(rest.slice(q + 1))];
}

function seatNumber(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

/** `#/match/abc?seat=1&token=t` → `{page: "match", match: "abc", seat: 1, token: "t"}`. */
export function parseRoute(hash: string): Route {
  const [path, query] = splitQuery(hash.replace(/^#/, ""));
  const parts = path.split("/").filter((p) => p !== "").map(decodeURIComponent);
  if (parts.length === 0) return { page: "lobby" };
  const [page, match] = parts;
  if (parts.length === 2 && page === "join") return { page: "join", match };
  if (parts.length === 2 && page === "match") {
    const seat = seatNumber(query.get("seat"));
    const token = query.get("token") ?? undefined;
    const spectate = query.has("spectate");
    return seat !== undefined && token ? { page, match, seat, token, spectate } : { page, match, spectate };
  }
  if (parts.length === 2 && page === "replay") {
    const seat = query.get("seat");
    const observer = seat === "omniscient" || seat === "spectator" ? seat : seatNumber(seat);
    const step = seatNumber(query.get("step"));
    return {
      page, match,
      ...(observer === undefined ? {} : { observer }),
      ...(step === undefined ? {} : { step }),
    };
  }
  return { page: "not-found", hash };
}

export function lobbyHref(): string {
  return "#/";
}

export function matchHref(match: string, spectate = false): string {
  return `#/match/${encodeURIComponent(match)}${spectate ? "?spectate" : ""}`;
}

export function joinHref(match: string): string {
  return `#/join/${encodeURIComponent(match)}`;
}

export function replayHref(match: string, observer?: Observer, step?: number): string {
  const query = [observer === undefined ? "" : `seat=${observer}`, step === undefined ? "" : `step=${step}`]
    .filter((q) => q !== "").join("&");
  return `#/replay/${encodeURIComponent(match)}${query === "" ? "" : `?${query}`}`;
}

/** The absolute invite link for a match, for the page at `location`. */
export function inviteUrl(match: string, location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}${joinHref(match)}`;
}

/** Calls `show` with the current route now and after every hash change; returns an unsubscribe. */
export function onRouteChange(show: (route: Route) => void): () => void {
  const listener = () => show(parseRoute(window.location.hash));
  window.addEventListener("hashchange", listener);
  listener();
  return () => window.removeEventListener("hashchange", listener);
}
