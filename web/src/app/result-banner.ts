// The result once a match is over: the returns per seat, who won, and a link to the replay.
import { h } from "../core/dom";
import { replayHref } from "../core/router";
import type { BoardState, GameUI } from "../games/types";
import { seatName, type SeatNames } from "./names";

/** "Player 2 wins", "Player 1 and Player 3 share the win", or a draw when every return is equal. */
export function resultHeadline(returns: number[], you: number | null, seatNames?: SeatNames): string {
  const best = Math.max(...returns);
  const winners = returns.flatMap((r, seat) => (r === best ? [seat] : []));
  if (winners.length === returns.length) return "A draw.";
  if (you !== null && winners.length === 1 && winners[0] === you) return "You win!";
  const names = winners.map((seat) => seatName(seat, seatNames));
  return winners.length === 1 ? `${names[0]} wins.` : `${names.join(" and ")} share the win.`;
}

/** "South resigned. North wins.": who resigned, then who won by it. */
export function resignedHeadline(resigned: number, returns: number[], you: number | null,
  seatNames?: SeatNames): string {
  return `${seatName(resigned, seatNames)} resigned. ${resultHeadline(returns, you, seatNames)}`;
}

/** How the match ended beyond its returns, and what a seated player may do next. */
export interface Ending {
  /** The seat that resigned, if the match ended that way. */
  resigned?: number;
  /** Asks for a rematch (seated players only); absent: no Rematch button. */
  onRematch?: () => void;
  /** A rematch was asked for and the page waits for its match. */
  rematchPending?: boolean;
}

/**
 * The banner at the end. `line` is the game's own account (winner, score, reason: GameUI's
 * resultLine); without one the engine's returns per seat are listed instead. After a resignation
 * the game's account is left out: the position did not end the game, the resignation did.
 */
export function resultBanner(match: string, returns: number[], you: number | null,
  names?: SeatNames, line?: string | null, ending: Ending = {}): HTMLElement {
  const resigned = ending.resigned;
  const headline = resigned === undefined ? resultHeadline(returns, you, names)
    : resignedHeadline(resigned, returns, you, names);
  const shownLine = resigned === undefined ? line : null;
  const rematch = ending.onRematch
    ? h("button", { type: "button", class: "primary rematch", onclick: ending.onRematch,
      disabled: ending.rematchPending === true }, ending.rematchPending ? "Starting the rematch…" : "Rematch")
    : null;
  return h("section", { class: "result-banner", role: "status", "aria-label": "Result" },
    h("h2", {}, headline),
    shownLine ? h("p", { class: "result-line" }, shownLine)
      : h("ul", { class: "returns" },
        returns.map((r, seat) => h("li", {}, `${seatName(seat, names)}: ${r > 0 ? "+" : ""}${formatReturn(r)}`))),
    h("div", { class: "result-actions" }, rematch,
      h("a", { href: replayHref(match, you ?? "omniscient"), class: "button-link" }, "Watch the replay")));
}

/** A share of a resignation's win (1/3) reads as a short decimal, not 0.3333333333333333. */
function formatReturn(r: number): string {
  return Number.isInteger(r) ? String(r) : r.toFixed(2);
}

/** The game's account of the end; null when it has none or it fails (the returns are shown). */
export function resultLineOf(ui: GameUI | null | undefined, state: BoardState): string | null {
  try {
    return ui?.resultLine?.(state) ?? null;
  } catch (err) {
    console.error(`the ${state.game} result line failed`, err);
    return null;
  }
}
