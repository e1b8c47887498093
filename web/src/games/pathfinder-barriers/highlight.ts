// The last questions to highlight: the latest run of search questions by one seat, read from the
// event log (questions and answers are spoken aloud, so every observer reads them in full).
import type { GameEvent } from "../types";
import { parseMove, questionSlot, slotName, squareName, type Square } from "./notation";

export interface RecentQuestions {
  searcher: number;
  /** Squares the searcher's explorer reached in that run. */
  squares: Set<string>;
  /** Slots it asked about in that run. */
  slots: Set<string>;
}

const MAX_RUN = 8;

/**
 * The searcher's latest run of questions (at most 8): every slot asked about, and every square
 * reached, except the target of a final question answered "No" (`lastAnswer`).
 */
export function recentQuestions(events: GameEvent[], lastAnswer: "yes" | "no" | null): RecentQuestions | null {
  const run: { text: string }[] = [];
  let searcher: number | null = null;
  for (let i = events.length - 1; i >= 0 && run.length < MAX_RUN; --i) {
    const event = events[i];
    const move = parseMove(event.text);
    const isQuestion = move && (move.kind === "enter" || move.kind === "step" || move.kind === "exit");
    if (typeof event.player !== "number" || !isQuestion) break;
    if (searcher !== null && event.player !== searcher) break;
    searcher = event.player;
    run.unshift(event);
  }
  if (searcher === null) return null;
  const squares = new Set<string>();
  const slots = new Set<string>();
  let explorer: Square | null = null;
  run.forEach((event, index) => {
    const move = parseMove(event.text)!;
    const refused = index === run.length - 1 && lastAnswer === "no";
    const slot = questionSlot(move, explorer);
    if (slot) slots.add(slotName(slot));
    if (refused) return;
    if (move.kind === "enter") explorer = move.square;
    else if (move.kind === "step") explorer = move.to;
    else explorer = null;
    if (explorer) squares.add(squareName(explorer));
  });
  return { searcher, squares, slots };
}
