// Card codes of both Treasure Hunt decks, as the engine writes them (docs/rules/treasure-hunt.md):
// standard `AD`…`KD`, `A`–`4` of `C`, `H`, `S`; specialized `T1`–`T9` (Treasures) and the arrows
// `R1`–`R4`, `B1`–`B4`, `Y1`–`Y4`, `G1`–`G4`. Pure code: the e2e harness runs it in node.

/** The letter the view's map key files a card under: its suit, its colour, or T for a Treasure. */
export type KeyGroup = "C" | "D" | "H" | "S" | "T" | "R" | "B" | "Y" | "G";

export interface Card {
  code: string;
  deck: "standard" | "specialized";
  /** What the corners show: A, 2 … 10, J, Q, K, or the specialized card's number. */
  rank: string;
  /** Cells the card moves a pawn, and the points of a treasure (A = 1 … K = 13). */
  value: number;
  group: KeyGroup;
  /** A diamond or a Treasure: a card the Treasure Marker can stand on. */
  treasure: boolean;
  /** The card in words, for labels and the screen reader: "Queen of Diamonds", "Red 3". */
  name: string;
}

const RANK_VALUES: Record<string, number> = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const RANK_WORDS: Record<string, string> = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const SUIT_WORDS: Record<string, string> = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
const COLOUR_WORDS: Record<string, string> = { R: "Red", B: "Blue", Y: "Yellow", G: "Green" };

export const SUIT_SYMBOLS: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** Reads a card code of either deck; null for anything else (an empty cell, a typo). */
export function parseCard(code: unknown): Card | null {
  if (typeof code !== "string") return null;
  const standard = /^(A|[2-9]|10|T|J|Q|K)([CDHS])$/.exec(code);
  if (standard) {
    const rank = standard[1] === "T" ? "10" : standard[1];
    const suit = standard[2] as KeyGroup;
    return {
      code, deck: "standard", rank, group: suit, treasure: suit === "D",
      value: RANK_VALUES[rank] ?? Number(rank),
      name: `${RANK_WORDS[rank] ?? rank} of ${SUIT_WORDS[suit]}`,
    };
  }
  const special = /^([TRBYG])([1-9])$/.exec(code);
  if (special && (special[1] === "T" || Number(special[2]) <= 4)) {
    const group = special[1] as KeyGroup;
    const value = Number(special[2]);
    return {
      code, deck: "specialized", rank: special[2], group, value, treasure: group === "T",
      name: group === "T" ? `Treasure ${value}` : `${COLOUR_WORDS[group]} ${value}`,
    };
  }
  return null;
}

/** A short label with the suit symbol: "10♦", "A♠", "T3", "R2". */
export function cardLabel(code: string): string {
  const card = parseCard(code);
  if (!card) return code;
  return card.deck === "standard" ? card.rank + SUIT_SYMBOLS[card.group] : code;
}

export function isRedSuit(group: KeyGroup): boolean {
  return group === "D" || group === "H";
}
