// One event of the log in plain words ("deal 7D" → "7♦ dealt to a1", "2S-AS" → "swapped 2♠ and
// A♠"), from the event's text and the shown state only (docs/rules/treasure-hunt.md, Notation).
// The actor ("Player 1", "Chance") is printed by the log before these words. Pure code.
import type { BoardState, GameEvent } from "../types";
import { cardLabel, parseCard } from "./cards";
import { cellName, isDirection, SIZE } from "./geometry";

const SEAT_WORDS = ["Green", "Purple"];

/** A card as the log names it: "7♦" for the standard deck, "Treasure 3" / "Red 2" for the other. */
function cardWords(code: string): string | null {
  const card = parseCard(code);
  if (!card) return null;
  return card.deck === "standard" ? cardLabel(code) : card.name;
}

function seatWord(state: BoardState, seat: number): string {
  const name = state.view?.seats?.[seat];
  return typeof name === "string" && name ? name : SEAT_WORDS[seat];
}

/** The cell a deal fills: the deals fill the grid in row-major order, one per chance event. */
function dealtCell(event: GameEvent, state: BoardState): string | null {
  const events = state.events ?? [];
  const at = events.findIndex((e) => e.n === event.n && e.text === event.text);
  if (at < 0) return null;
  const index = events.slice(0, at).filter((e) => e.player === "chance" && e.text.startsWith("deal ")).length;
  if (index >= SIZE * SIZE) return null;
  return cellName({ row: Math.floor(index / SIZE), col: index % SIZE });
}

export function describeEvent(event: GameEvent, state: BoardState): string | null {
  const text = event.text.trim();
  const deal = /^deal (\S+)$/.exec(text);
  if (deal) {
    const card = cardWords(deal[1]);
    if (!card) return null;
    const cell = dealtCell(event, state);
    return cell ? `${card} dealt to ${cell}` : `${card} dealt`;
  }
  const first = /^first (green|purple)$/.exec(text);
  if (first) return `${seatWord(state, first[1] === "green" ? 0 : 1)} moves first`;
  if (isDirection(text)) return `stepped ${text}`;
  const swap = /^(\S+)-(\S+)$/.exec(text);
  if (swap) {
    const a = cardWords(swap[1]);
    const b = cardWords(swap[2]);
    return a && b ? `swapped ${a} and ${b}` : null;
  }
  return null;
}

/** A folded run in words: the deal of the grid's cards (chance, one event per card). */
export function foldEvents(events: GameEvent[], _state?: BoardState): string | null {
  if (!events.every((e) => e.player === "chance" && /^deal \S+$/.test(e.text.trim()))) return null;
  const all = SIZE * SIZE;
  return events.length === all ? `The ${all} cards are dealt` : `${events.length} of the ${all} cards are dealt`;
}
