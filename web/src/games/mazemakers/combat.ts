// A combat in words (issue 33): a lastCombat record (docs/rules/mazemakers.md, Views) as one
// sentence, the same as the terminal's; the die that resolved each combat carries its record in
// the log (eventCombat), and the other dice are told by whose they are. Pure code.
import type { GameEvent } from "../types";
import { classify } from "./notation";
import { spelledSeat } from "../seat-names";

export interface CombatSide {
  seat: string;
  die: number;
  artifacts: number;
  total: number;
}

export interface MonsterSide {
  monster: number;
  total: number;
}

export interface LastCombat {
  kind: "monster" | "players";
  /** The monster's square, or the square the blocker held. */
  square: string;
  fighter: CombatSide;
  opponent: CombatSide | MonsterSide;
  /** A seat, or "monster". */
  winner: string;
  /** Health the loser lost (0 for a defeated monster). */
  damage: number;
  monster_removed: boolean;
  died: boolean;
  revived: boolean;
  /** Where a beaten mover still standing stopped ("start" for START); null otherwise. */
  stopped_at: string | null;
}

export type NameOf = (seat: string) => string;

/** "P1" → "Player 1": one name per seat, as the header, the log and the terminal say. */
const plainName: NameOf = spelledSeat;

const sideWords = (side: CombatSide, name: NameOf) =>
  `${name(side.seat)} (die ${side.die} + ${side.artifacts} = ${side.total})`;

function consequence(c: LastCombat, name: NameOf): string {
  const won = c.winner === c.fighter.seat;
  if (c.kind === "monster" && won) {
    return c.monster_removed ? "the monster is removed" : "the monster stays on its square";
  }
  const loser = won ? (c.opponent as CombatSide).seat : c.fighter.seat;
  let out = `${name(loser)} takes ${c.damage} damage`;
  if (c.died) out += c.revived ? " and dies, revived on START with 2 health" : " and dies";
  if (c.kind === "players" && won) out += `, and ${name(c.fighter.seat)} moves on`;
  if (c.kind === "players" && c.stopped_at) {
    out += `, and ${name(c.fighter.seat)} stops on ${c.stopped_at === "start" ? "START" : c.stopped_at}`;
  }
  return out;
}

/**
 * "Player 1 (die 4 + 2 = 6) beat the 3 monster on h5: the monster stays on its square." The words of
 * the terminal's "Last combat:" line (src/games/mazemakers/render.cpp); `name` may dress a seat.
 */
export function combatSentence(c: LastCombat, name: NameOf = plainName): string {
  const won = c.winner === c.fighter.seat;
  const opponent = c.kind === "monster"
    ? `the ${(c.opponent as MonsterSide).monster} monster on ${c.square}`
    : `${sideWords(c.opponent as CombatSide, name)}, who blocked on ${c.square}`;
  return `${sideWords(c.fighter, name)} ${won ? "beat" : "lost to"} ${opponent}: ${consequence(c, name)}.`;
}

/** What a "roll N" event of the log is, read from the events before it. */
export type RollRole =
  | { kind: "monster"; mover: string; square: string; die: number }
  | { kind: "moverDie" | "blockerDie"; mover: string; blocker: string; square: string; die: number; moverDie: number };

const ROLL = /^roll (\d+)$/i;
const seatOf = (player: number | "chance") => (player === "chance" ? "" : `P${player + 1}`);

/**
 * The role of events[index] when it is a combat die: the monster's die follows the step onto the
 * coin; a block's two dice (mover's, then blocker's) follow the "block". Anything else (a roll-off,
 * a log cut short before the fight) is null.
 */
export function rollRole(events: GameEvent[], index: number): RollRole | null {
  const roll = ROLL.exec(events[index]?.text.trim() ?? "");
  if (!roll || events[index].player !== "chance") return null;
  let k = index - 1;
  while (k >= 0 && events[k].player === "chance" && ROLL.test(events[k].text.trim())) --k;
  const before = index - 1 - k;
  const x = events[k];
  if (!x || x.player === "chance") return null;
  const die = Number(roll[1]);
  if (/^block$/i.test(x.text.trim())) {
    const step = events[k - 1];
    const move = step ? classify(step.text) : null;
    if (!step || step.player === "chance" || move?.kind !== "step" || before > 1) return null;
    const moverDie = before === 1 ? Number(ROLL.exec(events[index - 1].text.trim())![1]) : die;
    return {
      kind: before === 0 ? "moverDie" : "blockerDie", mover: seatOf(step.player), blocker: seatOf(x.player),
      square: move.square, die, moverDie,
    };
  }
  const move = classify(x.text);
  if (move.kind === "step" && move.square !== "start" && before === 0) {
    return { kind: "monster", mover: seatOf(x.player), square: move.square, die };
  }
  return null;
}

/** Whether the role's die resolves a combat (the monster's die, or the blocker's). */
const resolves = (role: RollRole | null) => role !== null && role.kind !== "moverDie";

/** The index of the last event that resolved a combat, or -1. */
export function lastCombatIndex(events: GameEvent[]): number {
  for (let i = events.length - 1; i >= 0; --i) if (resolves(rollRole(events, i))) return i;
  return -1;
}

/**
 * The combat `event` resolved, when it resolved one: the server gives the die that resolves a
 * combat (the monster's, or the blocker's) the combat's record as its outcome (`{combat}`, the
 * lastCombat of the view right after it), so every combat of the log keeps its sentence.
 */
export function eventCombat(event: GameEvent | undefined): LastCombat | null {
  const combat = (event?.outcome as { combat?: unknown } | undefined)?.combat;
  if (!combat || typeof combat !== "object") return null;
  const c = combat as Partial<LastCombat>;
  return c.fighter && c.opponent && typeof c.winner === "string" ? c as LastCombat : null;
}

/** A "roll N" event in words: the whole fight when it resolved a combat (its outcome). */
export function rollWords(events: GameEvent[], index: number, name: NameOf = plainName): string | null {
  const roll = ROLL.exec(events[index]?.text.trim() ?? "");
  const combat = eventCombat(events[index]);
  if (roll && combat) return `the combat die rolls ${roll[1]}: ${combatSentence(combat, name)}`;
  const role = rollRole(events, index);
  if (!role) return null;
  const rolls = `the combat die rolls ${role.die}`;
  switch (role.kind) {
    case "monster": return `${rolls} for ${name(role.mover)} against the monster on ${role.square}`;
    case "moverDie": return `${rolls} for ${name(role.mover)}, who moves`;
    case "blockerDie": return `${rolls} for ${name(role.blocker)}, who blocked on ${role.square}`;
  }
}
