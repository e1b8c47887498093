// The "How to play" diagrams of MazeMakers: positions from a real match (Player 1's view), captured by
// ../../capture-diagrams.mjs, each drawn read-only by the game's own board.
import type { BoardState, Diagram } from "../../types";
import walls from "./walls.json";
import artifact from "./artifact.json";
import combat from "./combat.json";
import exit from "./exit.json";

export const diagrams: Diagram[] = [
  { caption: "The maze: nine lettered pentomino walls, coins lying number up (each hides a suit) and both "
      + "pawns on START in the corner; a coin on a wall shows who controls it.",
    state: walls as unknown as BoardState },
  { caption: "An artifact: Player 1 (Suns) walked four steps from START onto a coin of its own suit and took it "
      + "(1 of 3), which heals 1 and adds 1 to every later combat roll.",
    state: artifact as unknown as BoardState },
  { caption: "A fight: Player 1 landed on a 3 coin of another suit, a monster, and rolled 2, plus 2 for its "
      + "artifacts: 4 beats 3, so Player 1 takes no damage.",
    state: combat as unknown as BoardState },
  { caption: "The goal: Player 1 found its three artifacts and walked back onto START, exiting the maze, and wins "
      + "at the end of the round.",
    state: exit as unknown as BoardState },
];
