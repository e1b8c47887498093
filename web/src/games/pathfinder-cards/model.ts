// The play view of pathfinder-cards read into plain typed data (schema: docs/rules/pathfinder-cards.md,
// "State body and views"). Pure code: the e2e harness runs it in node.
import type { BoardState, View } from "../types";

export type Role = "maker" | "runner" | "watcher";
export type Suit = "C" | "D" | "S" | "H";

/** One card of the maze as this observer sees it: `card` only when the observer may know it. */
export interface MazeCard {
  cell: string;
  x: number;
  y: number;
  card?: string;
  /** Face up on the table (for the Runner: exactly when she knows the card). */
  up: boolean;
}

export interface Pending {
  effect: string;
  cell: string | null;
  trial?: string;
  step?: number;
  suit?: string;
  chosen?: string | null;
  flipped?: string | null;
  window?: boolean;
  artifact?: string;
}

export interface PlayModel {
  role: Role;
  hex: boolean;
  advanced: boolean;
  phase: string;
  decision: string;
  cards: MazeCard[];
  active: Set<string>;
  explorable: Set<string>;
  hand: string[];
  compass: { state: string; card: string | null; usable: boolean };
  discards: string[];
  pending: Pending[];
  view: View;
}

export function parseCell(cell: string): [number, number] {
  const m = /^\(?(-?\d+),(-?\d+)\)?$/.exec(cell.trim());
  if (!m) throw new Error(`not a cell: ${cell}`);
  return [Number(m[1]), Number(m[2])];
}

export function cellName(x: number, y: number): string {
  return `${x},${y}`;
}

/** The role of the observer in the game under way (a match swaps roles between games). */
export function roleOf(view: View): Role {
  const roles = view?.roles;
  if (!roles || typeof view.observer !== "string") return "watcher";
  if (view.observer === roles.maker) return "maker";
  if (view.observer === roles.runner) return "runner";
  return "watcher";
}

export function readModel(state: BoardState): PlayModel {
  const v = state.view ?? {};
  const cards: MazeCard[] = (v.cards ?? []).map((c: { cell: string; card?: string; up?: boolean }) => {
    const [x, y] = parseCell(c.cell);
    // The Maker and the omniscient observer get `up`; anybody else knows a card only face up.
    const up = c.up ?? c.card !== undefined;
    return { cell: c.cell, x, y, card: c.card, up };
  });
  return {
    role: roleOf(v),
    hex: v.board === "hex",
    advanced: v.advanced === true,
    phase: v.phase ?? "",
    decision: v.decision ?? "none",
    cards,
    active: new Set<string>(v.active ?? []),
    explorable: new Set<string>(v.explorable ?? []),
    hand: v.hand ?? [],
    compass: v.compass ?? { state: "none", card: null, usable: false },
    discards: v.discards ?? [],
    pending: v.pending ?? [],
    view: v,
  };
}

// ---- cards ------------------------------------------------------------------------------------

export const SUIT_SYMBOL: Record<string, string> = { C: "♣", D: "♦", S: "♠", H: "♥" };
export const SUIT_NAME: Record<string, string> = {
  C: "clubs", D: "diamonds", S: "spades", H: "hearts",
};
const RANK_NAME: Record<string, string> = {
  A: "Ace", J: "Jack", Q: "Queen", K: "King",
};

export interface CardFace {
  rank: string;
  suit: Suit | null;
  joker: boolean;
}

export function cardFace(code: string): CardFace {
  const c = code.toUpperCase();
  if (c === "JK") return { rank: "", suit: null, joker: true };
  return { rank: c.slice(0, -1), suit: c.slice(-1) as Suit, joker: false };
}

/** "7♣", "10♦", "Joker". */
export function cardLabel(code: string): string {
  const f = cardFace(code);
  return f.joker ? "Joker" : `${f.rank}${SUIT_SYMBOL[f.suit!]}`;
}

/** "Seven of clubs", "Queen of hearts", "the Joker": for screen readers. */
export function cardWords(code: string): string {
  const f = cardFace(code);
  if (f.joker) return "the Joker";
  return `${RANK_NAME[f.rank] ?? f.rank} of ${SUIT_NAME[f.suit!]}`;
}

export function isRed(code: string): boolean {
  const f = cardFace(code);
  return f.suit === "D" || f.suit === "H";
}

/** Heart rank order for the hand: A, 2..10, J, Q, K. */
export function heartOrder(code: string): number {
  const r = cardFace(code).rank;
  const named: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };
  return named[r] ?? Number(r);
}

/** The special hearts (G1.3.4) and the power each one gives. */
export const SPECIAL_HEARTS: Record<string, string> = {
  "10H": "Advisor", JH: "Pathfinder", QH: "Seer", KH: "Mover",
};
