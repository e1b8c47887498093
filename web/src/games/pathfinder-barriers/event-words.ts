// One event of the log in plain words ("C-1>D-1" → "moved from C-1 to D-1", "bar |A-1" → "put a
// chip on the entry to A-1"), from the event's text and the shown state only
// (docs/rules/pathfinder-barriers.md, Notation). A question's answer is not in its text: it is read
// from what followed in the log ("Yes": the same seeker asks on, "No": the turn passes) or, for the
// latest question, from the view's `last`. The actor is printed by the log before these words.
import type { BoardState, GameEvent } from "../types";
import { parseMove, slotName, squareName, type Slot } from "./notation";
import { pathfinderView, seatName } from "./view";

function slotWords(slot: Slot): string {
  const name = slotName(slot);
  if (slot.kind === "entry") return `on the entry to ${name.slice(1)}`;
  const [a, b] = name.split("|");
  return `between ${a} and ${b}`;
}

type Answer = "yes" | "no" | null;

/** The answer to the question `event` asked, when the log or the view tells it. */
function answerOf(event: GameEvent, state: BoardState): Answer {
  const events = state.events ?? [];
  const at = events.findIndex((e) => e.n === event.n && e.text === event.text);
  if (at < 0) return null;
  const asker = event.player;
  const later = events.slice(at + 1).filter((e) => e.player !== "chance");
  const isExit = parseMove(event.text)?.kind === "exit";
  if (later.length === 0) {
    const last = pathfinderView(state)?.last;
    const same = last && last.seat === asker &&
      (last.question === event.text || (isExit && /(^|>)exit$/.test(last.question)));
    return same ? last.answer : null;
  }
  if (!isExit) return later[0].player === asker ? "yes" : "no";
  // an exit passes the turn either way: "Yes" if the seeker's next question is an entry
  const nextOwn = later.find((e) => e.player === asker);
  if (!nextOwn) return null;
  return parseMove(nextOwn.text)?.kind === "enter" ? "yes" : "no";
}

/** True when `event` is the last of a game the asker won (it reached the hidden pawn). */
function won(event: GameEvent, state: BoardState): boolean {
  const events = state.events ?? [];
  const last = events[events.length - 1];
  return state.status === "finished" && !!last && last.n === event.n && last.text === event.text &&
    pathfinderView(state)?.winner === event.player;
}

export function describeEvent(event: GameEvent, state: BoardState): string | null {
  const text = event.text.trim();
  const first = /^first (north|south|0|1)$/i.exec(text);
  if (first) {
    const seat = /^(north|0)$/i.test(first[1]) ? 0 : 1;
    const view = pathfinderView(state);
    return `${view ? seatName(view, seat) : ["North", "South"][seat]} moves first`;
  }
  const move = parseMove(text);
  if (!move) return null;
  switch (move.kind) {
    case "pawn":
      return `placed the pawn on ${squareName(move.square)}`;
    case "bar":
      return `put a chip ${slotWords(move.slot)}`;
    case "done":
      return "finished the set-up";
    case "enter": {
      const sq = squareName(move.square);
      if (won(event, state)) return `entered at ${sq} and found the pawn`;
      const answer = answerOf(event, state);
      return answer === "yes" ? `entered at ${sq}` : answer === "no" ? `asked to enter at ${sq}: blocked`
        : `asked to enter at ${sq}`;
    }
    case "step": {
      const from = squareName(move.from);
      const to = squareName(move.to);
      if (won(event, state)) return `moved from ${from} to ${to} and found the pawn`;
      const answer = answerOf(event, state);
      return answer === "yes" ? `moved from ${from} to ${to}` : answer === "no"
        ? `asked to move from ${from} to ${to}: blocked` : `asked to move from ${from} to ${to}`;
    }
    case "exit": {
      const answer = answerOf(event, state);
      return answer === "yes" ? "left the grid" : answer === "no" ? "asked to leave the grid: blocked"
        : "asked to leave the grid";
    }
  }
  return null;
}

/**
 * A folded run in words: a home grid's chips, seen by its builder or in a replay (the other seat
 * is told nothing of them; a log from before that told "North places a chip").
 */
export function foldEvents(events: GameEvent[], _state?: BoardState): string | null {
  const chip = (text: string) => parseMove(text)?.kind === "bar" || /^(North|South) places a chip$/.test(text);
  if (!events.every((e) => e.player !== "chance" && chip(e.text.trim()))) return null;
  return `put ${events.length} chips on the home grid`;
}
