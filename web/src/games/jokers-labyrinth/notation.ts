// Reading the Joker's Labyrinth view and notation (docs/rules/jokers-labyrinth.md, "Notation" and
// "Views"): cell names, directions, card names and the strings of `view.board`. Pure code: the
// end-to-end harness runs it in node.

export const COLUMNS = "zabcdefgh";
export const SIDE = 9;
export const DIRECTIONS = ["up", "right", "down", "left"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const START_SPOTS = ["a0", "z1", "g0", "h1", "z7", "a8", "h7", "g8"];

export interface CellPos {
  row: number;
  col: number;
}

export function cellName(row: number, col: number): string {
  return `${COLUMNS[col]}${row}`;
}

export function parseCell(name: string): CellPos | null {
  const m = /^([zabcdefgh])([0-8])$/i.exec(name);
  if (!m) return null;
  return { row: Number(m[2]), col: COLUMNS.indexOf(m[1].toLowerCase()) };
}

/** The ring is the outside row and column around the 7 × 7 Dungeon. */
export function isRing(row: number, col: number): boolean {
  return row === 0 || col === 0 || row === SIDE - 1 || col === SIDE - 1;
}

export function parseDirection(word: string): Direction | null {
  const w = word.toLowerCase();
  return DIRECTIONS.find((d) => d === w || d[0] === w) ?? null;
}

/** The cell one step from `cell` in `dir`, or null off the 9 × 9 grid. */
export function step(cell: string, dir: Direction): string | null {
  const p = parseCell(cell);
  if (!p) return null;
  const [dr, dc] = { up: [-1, 0], right: [0, 1], down: [1, 0], left: [0, -1] }[dir];
  const row = p.row + dr;
  const col = p.col + dc;
  if (row < 0 || col < 0 || row >= SIDE || col >= SIDE) return null;
  return cellName(row, col);
}

export type SuitLetter = "C" | "D" | "H" | "S";

export interface CardFace {
  /** The notation name as the engine writes it: `9H`, `10D`, `QS`, `JK`, `JK2`, `7D*`. */
  name: string;
  /** 1 (Ace) … 13 (King); 0 for a Joker. */
  rank: number;
  suit: SuitLetter | null;
  joker: boolean;
  /** Deck 1 (the resource deck), written with a star. */
  resource: boolean;
}

const RANKS: Record<string, number> = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

export function parseCard(name: string): CardFace | null {
  const resource = name.endsWith("*");
  const body = (resource ? name.slice(0, -1) : name).toUpperCase();
  if (body === "JK" || body === "JK2") return { name, rank: 0, suit: null, joker: true, resource };
  const m = /^(10|[2-9]|[ATJQK])([CDHS])$/.exec(body);
  if (!m) return null;
  const rank = RANKS[m[1]] ?? Number(m[1]);
  return { name, rank, suit: m[2] as SuitLetter, joker: false, resource };
}

export function rankLabel(rank: number): string {
  return ({ 1: "A", 11: "J", 12: "Q", 13: "K" } as Record<number, string>)[rank] ?? String(rank);
}

export const SUIT_SYMBOL: Record<SuitLetter, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_WORD: Record<SuitLetter, string> = {
  C: "clubs", D: "diamonds", H: "hearts", S: "spades",
};
const RANK_WORD: Record<number, string> = { 1: "Ace", 11: "Jack", 12: "Queen", 13: "King" };

export function isRed(card: CardFace): boolean {
  return card.suit === "D" || card.suit === "H" || (card.joker && !card.name.startsWith("JK2"));
}

/** A card in words for screen readers and menus: "Queen of hearts (resource deck)". */
export function cardWords(name: string): string {
  const card = parseCard(name);
  if (!card) return name;
  const base = card.joker
    ? (name.toUpperCase().startsWith("JK2") ? "the black Joker" : "the red Joker")
    : `${RANK_WORD[card.rank] ?? card.rank} of ${SUIT_WORD[card.suit!]}`;
  return card.resource ? `${base} (resource deck)` : base;
}

/** A card as printed in short text: "Q♥*". */
export function cardShort(name: string): string {
  const card = parseCard(name);
  if (!card) return name;
  if (card.joker) return name.toUpperCase().startsWith("JK2") ? "Joker 2" : "Joker";
  return `${rankLabel(card.rank)}${SUIT_SYMBOL[card.suit!]}${card.resource ? "*" : ""}`;
}

/** One string of `view.board`, read (see "Views" in the rules page). */
export type CellContent =
  | { kind: "empty" }
  | { kind: "down"; peeked: string | null; group: number | null }
  | { kind: "up"; card: string; guardian: string | null; dropped: boolean };

export function parseBoardCell(text: string): CellContent {
  if (text === "") return { kind: "empty" };
  if (text.startsWith("#")) {
    const [peeked, group] = text.slice(1).split("~");
    return { kind: "down", peeked: peeked || null, group: group ? Number(group) : null };
  }
  const dropped = text.endsWith("!");
  const [card, guardian] = (dropped ? text.slice(0, -1) : text).split("/");
  return { kind: "up", card, guardian: guardian ?? null, dropped };
}
