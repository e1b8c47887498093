// How a Pathfinder game ends: the Runner reaches the Joker (her score: 5 + her hearts), or the
// Maker wins, and why: damage took the Runner's soul (the A♥) with no hearts to save it, or she
// had nothing left to do (docs/rules/pathfinder-cards.md, Scoring; the terminal's words,
// src/games/pathfinder_cards/render.cpp).
import type { BoardState } from "../types";

/** Cards she could still explore at the end mean the damage ended it, not a dead end. */
function makerWinReason(view: { explorable?: unknown }): string {
  return Array.isArray(view.explorable) && view.explorable.length > 0
    ? "the Runner lost her soul (damage picked her A♥ and no hearts could save it)"
    : "the Runner cannot go on (no card left to explore and no heart to spend)";
}

export function resultLine(state: BoardState): string | null {
  const v = state.view;
  if (v?.phase !== "over" || typeof v.winner !== "string" || !v.roles) return null;
  const role = v.winner === v.roles.runner ? "Runner" : "Maker";
  // "Player 1 (Runner)", or just "Runner" when the seat is named by its role.
  const who = v.winner === role ? role : `${v.winner} (${role})`;
  if (role === "Runner") return `${who} reaches the Joker and wins, scoring ${v.score ?? 0}.`;
  return `${who} wins: ${makerWinReason(v)} and scores 0.`;
}
