// How a Pathfinder game ends: the Runner reaches the Joker (her score: 5 + her hearts), or the
// Maker wins when she cannot go on (docs/rules/pathfinder-cards.md, Scoring).
import type { BoardState } from "../types";

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || typeof v.winner !== "string" || !v.roles) return null;
  const runnerWon = v.winner === v.roles.runner;
  if (runnerWon) return `${v.winner} (Runner) reaches the Joker and wins, scoring ${v.score ?? 0}.`;
  return `${v.winner} (Maker) wins: the Runner cannot go on.`;
}
