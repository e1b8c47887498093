// The match header: the game, each seat with who plays it, whose turn it is, and the state of the
// connection ("reconnecting…" after a drop).
import { h } from "../core/dom";
import type { MatchSummary } from "../core/api";
import type { ConnectionStatus } from "../core/connection";
import { matchHref, replayHref } from "../core/router";
import type { BoardState, GameUI } from "../games/types";
import { seatName, seatPlayer, type SeatNames } from "./names";
import { resultLineOf } from "./result-banner";

export function turnLine(state: BoardState, summary: MatchSummary, held: number[],
  names?: SeatNames, ui?: GameUI, resigned?: number): string {
  if (state.status === "finished" && resigned !== undefined) {
    return `The game is over: ${seatName(resigned, names)} resigned.`;
  }
  if (state.status === "finished") {
    const line = resultLineOf(ui, state);
    return line ? `The game is over: ${line}` : "The game is over.";
  }
  if (state.toAct < 0) return "Dealing…";
  const seat = summary.seats[state.toAct];
  if (held.includes(state.toAct)) return `${seatName(state.toAct, names)} to play${held.length > 1 ? "" : " — your turn"}.`;
  if (seat?.kind === "agent") return `${seatName(state.toAct, names)} (computer) is thinking…`;
  return `Waiting for ${seatName(state.toAct, names)}.`;
}

/** The game's one-line summary of a seat; a failing one is left out rather than breaking the page. */
function summaryOf(ui: GameUI, state: BoardState, seat: number): string {
  try {
    return ui.seatSummary?.(state, seat) ?? "";
  } catch (err) {
    console.error(`the ${state.game} seat summary failed`, err);
    return "";
  }
}

export const CONNECTION_WORDS: Record<ConnectionStatus, string> = {
  connecting: "connecting…",
  open: "connected",
  reconnecting: "reconnecting…",
  closed: "disconnected",
};

export function matchHeader(gameName: string, summary: MatchSummary, state: BoardState | null,
  held: number[], ui: GameUI, connection: ConnectionStatus, names?: SeatNames,
  resigned?: number): HTMLElement {
  const seats = summary.seats.map((seat) =>
    h("li", { class: state && state.toAct === seat.seat ? "seat to-act" : "seat" },
      h("strong", {}, seatName(seat.seat, names)), " — ", seatPlayer(seat, held),
      state ? h("span", { class: "seat-summary" }, summaryOf(ui, state, seat.seat)) : null));
  const watchAs = held.length > 0 ? h("a", { href: matchHref(summary.match, true) }, "spectate") : null;
  return h("header", { class: "match-header" },
    h("div", { class: "title-row" },
      h("h1", {}, gameName),
      h("span", { class: `connection ${connection}`, role: "status" }, CONNECTION_WORDS[connection])),
    h("ul", { class: "seats" }, seats),
    h("p", { class: "turn", "aria-live": "polite" }, state ? turnLine(state, summary, held, names, ui, resigned) : "Loading…"),
    h("nav", { class: "match-links" },
      h("a", { href: "#/" }, "lobby"), watchAs,
      h("a", { href: replayHref(summary.match, held[0] ?? "omniscient") }, "replay")));
}
