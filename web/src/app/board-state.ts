// The BoardState a game's board draws from, built from a state message and the match summary
// (the message carries neither the options nor the number of seats).
import type { MatchSummary } from "../core/api";
import type { StateMessage } from "../core/protocol";
import type { BoardState, GameEvent } from "../games/types";

/** The engine's numbers for "nobody's seat": chance to act, and the end of the game. */
export const CHANCE_TO_ACT = -1;
export const TERMINAL_TO_ACT = -4;

export function toBoardState(msg: StateMessage, events: GameEvent[], summary: MatchSummary): BoardState {
  const finished = msg.status === "finished";
  const state: BoardState = {
    game: msg.game,
    options: summary.options,
    seat: msg.seat,
    numSeats: summary.seats.length,
    view: msg.view,
    legal: msg.legal,
    toAct: msg.to_act ?? (finished ? TERMINAL_TO_ACT : CHANCE_TO_ACT),
    status: msg.status,
    version: msg.version,
    events,
    interactive: msg.seat !== null && !finished,
  };
  if (msg.returns) state.returns = msg.returns;
  return state;
}
