// What is wrong with a design, in words and cells. The server's check is the referee while no card
// is committed; these local readings say which cards to highlight for its reason, and judge a
// design that continues cards already played (the whole-maze text is refused then). Pure code.
import { ACE_OF_DIAMONDS, JOKER, isDiamond } from "./cards";
import { textCellToTable, type MazeDraft } from "./draft";
import { neighbours } from "./geometry";

export const NOT_ONE_PIECE = "the cards are not all joined edge to edge in one piece";
export const NO_DIAMOND_PATH = "no path of edge-adjacent diamonds leads from A♦ to a card next to the Joker";

/** The diamonds joined to A♦ through diamonds (A♦ included); empty without A♦ on the table. */
export function aceDiamondGroup(draft: MazeDraft): string[] {
  const ace = draft.cellOf(ACE_OF_DIAMONDS);
  if (ace === undefined) return [];
  const group = [ace];
  const seen = new Set(group);
  for (let i = 0; i < group.length; ++i) {
    for (const next of neighbours(group[i], draft.topology)) {
      const card = draft.cardAt(next);
      if (card !== undefined && isDiamond(card) && !seen.has(next)) {
        seen.add(next);
        group.push(next);
      }
    }
  }
  return group;
}

/** The basic game's condition (G1.2 3b): a diamond of A♦'s group lies next to the Joker. */
export function hasDiamondPath(draft: MazeDraft): boolean {
  const joker = draft.cellOf(JOKER);
  if (joker === undefined) return false;
  const group = new Set(aceDiamondGroup(draft));
  return neighbours(joker, draft.topology).some((cell) => group.has(cell));
}

export interface Verdict {
  ok: boolean;
  message: string;
}

/**
 * The design judged here: all 40 cards, one piece, and (basic game) the diamond path. The
 * advanced game's closure over the artifacts is left to the server, which checks it on Submit.
 */
export function localVerdict(draft: MazeDraft, advanced: boolean): Verdict {
  const missing = draft.trayCards().length;
  if (missing > 0) return { ok: false, message: `place ${missing} more card${missing === 1 ? "" : "s"}` };
  if (draft.pieces().length > 1) return { ok: false, message: NOT_ONE_PIECE };
  if (!advanced && !hasDiamondPath(draft)) return { ok: false, message: NO_DIAMOND_PATH };
  return { ok: true, message: "valid" };
}

/**
 * The cells a refusal is about: the cards cut off from the largest piece, A♦'s diamonds and the
 * Joker when no path joins them, or the cells the message names (the text's cells, shifted back
 * to the table by `origin`).
 */
export function problemCells(draft: MazeDraft, message: string, origin: { x: number; y: number }): string[] {
  const text = message.toLowerCase();
  if (text.includes("one piece")) return draft.pieces().slice(1).flat();
  if (text.includes("from a♦") || text.includes("joker cannot be reached")) {
    const joker = draft.cellOf(JOKER);
    return [...aceDiamondGroup(draft), ...(joker === undefined ? [] : [joker])];
  }
  const named = [...message.matchAll(/(?<![\d.])(\d+),(\d+)(?![\d.])/g)].map((m) => `${m[1]},${m[2]}`);
  return named.map((cell) => textCellToTable(cell, origin)).filter((cell) => draft.cardAt(cell) !== undefined);
}
