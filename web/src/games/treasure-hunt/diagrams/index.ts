// The "How to play" diagrams of Treasure Hunt: positions from a real match (Green's view), captured
// by ../../capture-diagrams.mjs, each drawn read-only by the game's own board.
import type { BoardState, Diagram } from "../../types";
import goal from "./goal.json";
import turn from "./turn.json";
import specialized from "./specialized.json";

export const diagrams: Diagram[] = [
  { caption: "The goal: Green stepped down onto the 2♣, which carried the pawn two cards left onto the treasure, "
      + "the 4♦, worth 4 points; the gold marker has moved on to the 5♦, the next treasure.",
    state: goal as unknown as BoardState },
  { caption: "A turn: Green swapped the 2♣ and the 9♦ in one row (padlocked now for Purple's next turn), then "
      + "stepped right onto the 2♦, which carried the pawn two cards down to the 4♣; that one would push it "
      + "off the board, so the move ends there.",
    state: turn as unknown as BoardState },
  { caption: "The specialized deck (an option): nine Treasure cards worth 1 to 9 and sixteen coloured arrows "
      + "that carry a pawn their number of cards their way; the treasures come round again until someone has "
      + "50 points.",
    state: specialized as unknown as BoardState },
];
