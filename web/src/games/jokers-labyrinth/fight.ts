// A fight in one plain sentence, from a lastFight record (docs/rules/jokers-labyrinth.md, "Views"):
// who fought whom, with what, the dice, the totals, who won and what it cost. The same sentence as
// the terminal's board (render.cpp), with the caller's names for the seats. The view's lastFight
// is the last one; the log event that ended each fight carries its record (eventFight). Pure code.
import type { GameEvent } from "../types";
import { cardShort } from "./notation";

/** The view's `lastFight`: public to every seat (all of it was shown when it happened). */
export interface LastFight {
  attacker: number;
  /** PvP: the defending seat; absent for a fight against a card. */
  defender?: number;
  /** A fight against a card: the card (a Guardian for an Ace). */
  foe?: string;
  /** Value cards: the attacker's, then the PvP defender's; null for none. */
  cards: (string | null)[];
  /** A fight against a card: the shown dice the fight gave; PvP: the two dice. */
  dice: number | number[];
  /** A fight against a card: how many shown dice show each face 1–6. */
  faces?: number[];
  /** A fight against a card: the final die, 0 when all six faces decided the fight first. */
  final_die?: number;
  /** Against a card: the two values fought with; PvP: the two totals. */
  totals: number[];
  winner: "attacker" | "defender";
  consequence: string;
  paid?: string[];
  cell?: string;
  joker_dropped?: boolean;
  moved_in?: boolean;
}

export type SeatNamer = (seat: number) => string;

function foeWords(foe: string): string {
  return foe.toUpperCase().startsWith("JK") ? "the Joker" : cardShort(foe);
}

function cardOrNone(card: string | null | undefined): string {
  return card ? cardShort(card) : "no card";
}

/** "2 dice 6+6, final die 2"; each face only when few (a fight under heavy debt shows hundreds). */
export function diceWords(fight: LastFight): string {
  const faces = fight.faces ?? [];
  const count = faces.reduce((a, b) => a + b, 0);
  const dice = Number(fight.dice);
  let out = count < dice ? `${count} of ${dice} dice` : `${dice} ${dice === 1 ? "die" : "dice"}`;
  if (count <= 10) {
    const shown = faces.flatMap((n, i) => Array.from({ length: n }, () => i + 1));
    if (shown.length) out += ` ${shown.join("+")}`;
  }
  const final = fight.final_die ?? 0;
  return out + (final > 0 ? `, final die ${final}` : ", all six faces showed");
}

function consequenceWords(fight: LastFight, name: SeatNamer): string {
  const who = name(fight.attacker);
  const foe = fight.foe ? foeWords(fight.foe) : "";
  switch (fight.consequence) {
    case "hazard_discarded":
    case "npc_discarded": return `${foe} is discarded`;
    case "ace_taken": return `the Guardian goes back and ${who} takes the Ace`;
    case "joker_taken": return `${who} takes the Joker`;
    case "npc_kept": return `${who} keeps ${foe}`;
    case "blocked": return `${who} stays put`;
    case "hand_discarded": return `${who} discards the hand`;
    case "turn_lost": return `${who} loses the next turn`;
    case "debt_taken": return `${who} takes 2 debt`;
    case "debt_paid": return `${who} pays ${cardOrNone(fight.paid?.[0])} and ${cardOrNone(fight.paid?.[1])}`;
    default: break;
  }
  if (fight.defender !== undefined) {
    const loser = name(fight.winner === "attacker" ? fight.defender : fight.attacker);
    let out = `${loser}${fight.joker_dropped ? " drops a Joker and" : ""}`;
    if (fight.consequence === "relocated") out += ` goes to ${fight.cell}`;
    else if (fight.consequence === "stayed") out += " stays (no free spot)";
    else out += " is relocated next";
    return fight.moved_in ? `${out}; ${who} moves in` : out;
  }
  return fight.winner === "attacker" ? `${who} keeps or discards ${foe}` : `${who} pays two cards or takes 2 debt`;
}

/**
 * "P1 fought 8♠ with 8♦* — 8 against 8, 2 dice 6+6, final die 2: P1 wins; 8♠ is discarded."
 * (without the "Last fight: " the terminal puts first).
 */
export function fightSentence(fight: LastFight, name: SeatNamer): string {
  const who = name(fight.attacker);
  const won = fight.winner === "attacker";
  let head: string;
  if (fight.defender !== undefined) {
    const other = name(fight.defender);
    const dice = fight.dice as number[];
    head = `${who} fought ${other}, ${cardOrNone(fight.cards[0])} against ${cardOrNone(fight.cards[1])}`
      + ` — dice ${dice[0]} and ${dice[1]}, ${fight.totals[0]} against ${fight.totals[1]}: ${won ? who : other}`;
  } else {
    const foe = foeWords(fight.foe ?? "");
    head = `${who} fought ${foe} with ${cardOrNone(fight.cards[0])} — ${fight.totals[0]} against `
      + `${fight.totals[1]}, ${diceWords(fight)}: ${won ? who : foe}`;
  }
  return `${head} wins; ${consequenceWords(fight, name)}.`;
}

/** The same identity for the same record: a changed key is a new fight or its settled cost. */
export function fightKey(fight: LastFight | undefined): string {
  return fight ? JSON.stringify(fight) : "";
}

/**
 * The fight `event` ended, when it ended one: the server gives the event that settles a fight's
 * cost (the last die, or the keep, debt, pay or relocation decided after it) the fight's record
 * as its outcome (`{fight}`, the lastFight of the view right after it), so every fight of the log
 * keeps its sentence, after a reload and in a replay too.
 */
export function eventFight(event: GameEvent): LastFight | null {
  const fight = (event.outcome as { fight?: unknown } | undefined)?.fight;
  if (!fight || typeof fight !== "object") return null;
  const f = fight as Partial<LastFight>;
  return typeof f.attacker === "number" && Array.isArray(f.cards) && Array.isArray(f.totals) ? f as LastFight : null;
}

/** The fight sentence of the fight `event` ended, else null. */
export function fightEndedBy(event: GameEvent, name: SeatNamer): string | null {
  const fight = eventFight(event);
  return fight ? fightSentence(fight, name) : null;
}
