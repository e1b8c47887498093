// What the Pathfinder (cards) board animates after a computer's move (games/motion.ts): a card of
// the maze turning face up flips (the Runner's exploration as the Maker sees it, a card flipped for a
// trial). Pure code.
import type { BoardState } from "../types";
import { quoted, type Motion } from "../motion";
import { isBuildPhase } from "./phase";
import { readModel } from "./model";

/** The maze's cells that lay face down (or unknown) in `before` and show their face in `after`. */
export function turnedUp(before: BoardState, after: BoardState): string[] {
  const was = new Map(readModel(before).cards.map((card) => [card.cell, card]));
  return readModel(after).cards
    .filter((card) => {
      const old = was.get(card.cell);
      return card.card !== undefined && card.up && old !== undefined && (!old.up || old.card === undefined);
    })
    .map((card) => card.cell);
}

export function pathfinderCardsMotions(before: BoardState, after: BoardState): Motion[] {
  if (isBuildPhase(before.view) || isBuildPhase(after.view)) return [];
  return turnedUp(before, after).map((cell) => ({ kind: "flip", target: `.pfc-maze-svg [data-cell=${quoted(cell)}]` }));
}
