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

/**
 * The banner at the end. `line` is the game's own account (winner, score, reason: GameUI's
 * resultLine); without one the engine's returns per seat are listed instead.
 */
export function resultBanner(match: string, returns: number[], you: number | null,
  names?: SeatNames, line?: string | null): HTMLElement {
  return h("section", { class: "result-banner", role: "status", "aria-label": "Result" },
    h("h2", {}, resultHeadline(returns, you, names)),
    line ? h("p", { class: "result-line" }, line)
      : h("ul", { class: "returns" },
        returns.map((r, seat) => h("li", {}, `${seatName(seat, names)}: ${r > 0 ? "+" : ""}${r}`))),
    h("a", { href: replayHref(match, you ?? "omniscient"), class: "button-link" }, "Watch the replay"));
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
