// How a Pathfinder game ends: the Runner reaches the Joker (her score: 5 + her hearts), or the
// Maker wins when she cannot go on (docs/rules/pathfinder-cards.md, Scoring).
import type { BoardState } from "../types";

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || typeof v.winner !== "string" || !v.roles) return null;
  const role = v.winner === v.roles.runner ? "Runner" : "Maker";
  // "Player 1 (Runner)", or just "Runner" when the seat is named by its role.
  const who = v.winner === role ? role : `${v.winner} (${role})`;
  if (role === "Runner") return `${who} reaches the Joker and wins, scoring ${v.score ?? 0}.`;
  return `${who} wins: the Runner cannot go on.`;
}
