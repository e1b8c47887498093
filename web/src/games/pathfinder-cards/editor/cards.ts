// The Maker's 40 maze cards (docs/rules/pathfinder-cards.md, G1.1): the 13 clubs, 13 diamonds,
// 13 spades and one Joker, in the codes the notation uses ("AD", "10C", "JK"). Pure code.

export type MazeSuit = "C" | "D" | "S";

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
/** The tray's order: the diamonds (the path) first, then the walls, the traps, the goal. */
export const TRAY_SUITS: readonly MazeSuit[] = ["D", "C", "S"];
export const JOKER = "JK";
export const ACE_OF_DIAMONDS = "AD";

export const ALL_MAZE_CARDS: readonly string[] = [
  ...TRAY_SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit)),
  JOKER,
];

const SUIT_SYMBOL: Record<MazeSuit, string> = { C: "♣", D: "♦", S: "♠" };
const SUIT_NAME: Record<MazeSuit, string> = { C: "Clubs", D: "Diamonds", S: "Spades" };
const RANK_NAME: Record<string, string> = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };

export interface CardFace {
  code: string;
  rank: string;
  suit: MazeSuit | null;
}

/** Reads a card code (any case); null for anything that is not one of the 40 maze cards. */
export function parseCardCode(text: string): CardFace | null {
  const code = text.trim().toUpperCase();
  if (code === JOKER) return { code, rank: "", suit: null };
  const m = /^(A|[2-9]|10|J|Q|K)([CDS])$/.exec(code);
  return m ? { code, rank: m[1], suit: m[2] as MazeSuit } : null;
}

export function isDiamond(code: string): boolean {
  return parseCardCode(code)?.suit === "D";
}

export function suitSymbol(suit: MazeSuit): string {
  return SUIT_SYMBOL[suit];
}

export function isRed(face: CardFace): boolean {
  return face.suit === "D";
}

/** "Ace of Diamonds", "10 of Clubs", "Joker": for aria labels and messages. */
export function cardName(code: string): string {
  const face = parseCardCode(code);
  if (!face) return code;
  if (!face.suit) return "Joker";
  return `${RANK_NAME[face.rank] ?? face.rank} of ${SUIT_NAME[face.suit]}`;
}

/** "A♦", "10♣", "Joker": short text for status lines. */
export function cardLabel(code: string): string {
  const face = parseCardCode(code);
  if (!face) return code;
  return face.suit ? face.rank + SUIT_SYMBOL[face.suit] : "Joker";
}
