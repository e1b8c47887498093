// The "How to play" diagrams of Pathfinder (Milton Bradley): positions from a real match, captured
// by ../../capture-diagrams.mjs, each drawn read-only by the game's own board.
import type { BoardState, Diagram } from "../../types";
import home from "./home.json";
import turn from "./turn.json";
import found from "./found.json";

export const diagrams: Diagram[] = [
  { caption: "North's home grid, hidden behind the screen: the short white pawn on F-4 and 27 dark barrier "
      + "chips, leaving at least one open route from the left edge to the pawn.",
    state: home as unknown as BoardState },
  { caption: "North's first turn, on its tracking grid: “May I enter at C-1?” Yes; “May I move from C-1 to "
      + "C-2?” Yes (red discs mark the trail); “From C-2 to C-3?” No: a light chip marks that barrier and "
      + "the turn passes to South.",
    state: turn as unknown as BoardState },
  { caption: "The end: South's explorer steps from F-5 onto F-4, the square of North's hidden pawn, and South "
      + "wins (both home grids shown).",
    state: found as unknown as BoardState },
];
