// The click paths of the editor, shared by the editor (which draws these attributes) and
// editorClicksFor (the tests click them). Pure code: the e2e harness runs it in node.
import type { BoardState } from "../../types";
import { parsePlacement } from "./draft";
import { EMPTY_TABLE_WINDOW, inWindow, parseCellKey } from "./geometry";

export type EditorMode = "design" | "single";

export const modeSelector = (mode: EditorMode): string => `[data-editor-mode="${mode}"]`;
export const traySelector = (card: string): string => `[data-tray-card="${card}"]`;
export const cellSelector = (cell: string): string => `[data-cell="${cell}"]`;
export const actionSelector = (action: string): string => `[data-editor-action="${action}"]`;

/** The cards the server reports on the table while building (the Maker's view: `cards`). */
export function committedCards(state: BoardState): Map<string, string> {
  const out = new Map<string, string>();
  const cards = state.view?.cards;
  if (!Array.isArray(cards)) return out;
  for (const c of cards) if (typeof c?.card === "string" && typeof c?.cell === "string") out.set(c.cell, c.card);
  return out;
}

/**
 * A single placement is played in the "card by card" mode: the mode tab, the card in the tray,
 * the cell. The table is 40 × 40 but the editor draws the cells next to the cards; on an empty
 * table it draws the middle (EMPTY_TABLE_WINDOW), so a first card elsewhere has no click path
 * (where the first card lies does not matter: the finished maze is shifted to the corner).
 */
export function editorClicksFor(move: string, state: BoardState): string[] | null {
  const placement = parsePlacement(move);
  if (!placement) return null;
  const [card, cell] = placement;
  if (committedCards(state).size === 0 && !inWindow(EMPTY_TABLE_WINDOW, parseCellKey(cell))) return null;
  return [modeSelector("single"), traySelector(card), cellSelector(cell)];
}
