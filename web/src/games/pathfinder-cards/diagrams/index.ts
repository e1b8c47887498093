// The "How to play" diagrams of Pathfinder (Thorin Tatge): positions from a real match, captured by
// ../../capture-diagrams.mjs, each drawn read-only by the game's own board.
import type { BoardState, Diagram } from "../../types";
import maze from "./maze.json";
import explore from "./explore.json";
import joker from "./joker.json";

export const diagrams: Diagram[] = [
  { caption: "The Maze Maker's maze, as only he sees it: a path of diamonds leads from the A♦ (the one card "
      + "face up for the Runner) to the Joker; under it, the Runner's hearts, whose 10, J, Q and K are powers.",
    state: maze as unknown as BoardState },
  { caption: "The Runner explores: she turns up face-down cards next to her chain of diamonds (gold; dashed: "
      + "where she may look next), clubs are walls, spades and lost trials cost her hearts, and the 10♦ she "
      + "has just turned up sets her a trial.",
    state: explore as unknown as BoardState },
  { caption: "The goal: the Joker lies face up next to the Runner's chain of diamonds, so she wins, scoring 5 "
      + "plus a point for each heart she still holds.",
    state: joker as unknown as BoardState },
];
