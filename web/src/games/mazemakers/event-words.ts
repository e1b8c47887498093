// One event of the log in plain words ("F2@c4" → "placed wall F at c4", "coin@h1" → "a number-up
// coin goes on h1"), from the event's text and the shown state only (docs/rules/mazemakers.md,
// Notation). The actor is printed by the log before these words. Pure code.
import type { BoardState, GameEvent } from "../types";
import { rollWords } from "./combat";
import { classify, squareName } from "./notation";
import { playerName } from "../seat-names";

const SUITS = ["suns", "moons", "crowns", "arms"];
const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * What a placement of wall `piece` does: "moved" when the piece was placed earlier in the shown log
 * or the set-up is over (the number-up coins are laid out before the first turn, G4.2); "placed"
 * when the log shown starts at the first event and says neither; else "put" (a log cut short).
 */
function placementVerb(piece: string, event: GameEvent, state: BoardState): string {
  const events = state.events ?? [];
  const at = events.findIndex((e) => e.n === event.n && e.text === event.text);
  const earlier = at < 0 ? events.filter((e) => e.n < event.n) : events.slice(0, at);
  const samePiece = new RegExp(`^${piece}\\d@`, "i");
  const moved = earlier.some((e) => samePiece.test(e.text.trim()) ||
    (e.player === "chance" && /^coin@|^the suits of/i.test(e.text.trim())));
  if (moved) return "moved";
  return events.length > 0 && events[0].n === 0 ? "placed" : "put";
}

function chanceWords(text: string): string | null {
  let m = /^first P([1-4])$/i.exec(text);
  if (m) return `${playerName(Number(m[1]) - 1)} moves first`;
  m = /^extra (suns|moons|crowns|arms)$/i.exec(text);
  if (m) return `${cap(m[1].toLowerCase())} drawn as the extra suit`;
  m = /^coin@([a-r]\d{1,2})$/i.exec(text);
  if (m) return `a number-up coin goes on ${m[1].toLowerCase()}`;
  m = /^roll (\d+)$/i.exec(text);
  if (m) return `the combat die rolls ${m[1]}`;
  m = /^shuffle (\d+)$/i.exec(text);
  if (m) return "the coins' suits are dealt face down";
  return null;
}

/** A combat die in words, read from its place in the shown log (null: not a combat's die). */
function combatDieWords(event: GameEvent, state: BoardState): string | null {
  if (event.player !== "chance") return null;
  const events = state.events ?? [];
  const at = events.findIndex((e) => e.n === event.n && e.text === event.text);
  if (at < 0) return null;
  return rollWords(events, at);
}

export function describeEvent(event: GameEvent, state: BoardState): string | null {
  const text = event.text.trim();
  if (!text) return null;
  const chance = combatDieWords(event, state) ?? chanceWords(text);
  if (chance) return chance;
  const lower = text.toLowerCase();
  if (SUITS.includes(lower)) return `chose ${cap(lower)}`;
  switch (lower) {
    case "pass": return "took no wall action";
    case "recover": return "took back the coins on the forced wall";
    case "stop": return "ended the move";
    case "block": return "blocked the way";
    case "allow": return "let them pass";
  }
  const move = classify(text);
  switch (move.kind) {
    case "place": {
      const { piece, anchor, orientation } = move.placement;
      const where = squareName(anchor[0], anchor[1]);
      const verb = placementVerb(piece, event, state);
      return `${verb} wall ${piece} ${verb === "moved" ? "to" : "at"} ${where} (orientation ${orientation})`;
    }
    case "coinWall": return `put control coins on wall ${move.piece}`;
    case "coinHole": return `put control coins into the hole at ${move.hole}`;
    case "relocate": return `moved the tile at ${move.from} to ${move.to}`;
    case "fill": return `filled the hole at ${move.hole} with the tile at ${move.tile}`;
    case "step": return move.square === "start" ? "stepped onto START" : `stepped to ${move.square}`;
    default: return null;
  }
}

/** A folded run in words: the number-up coins laid on the board at the set-up (G4.2 step 5). */
export function foldEvents(events: GameEvent[], _state?: BoardState): string | null {
  if (!events.every((e) => e.player === "chance" && /^coin@[a-r]\d{1,2}$/i.test(e.text.trim()))) return null;
  return `${events.length} number-up coins go on the board, values only (their suits come next)`;
}
