// The "How to play" diagrams of The Joker's Labyrinth: positions from a real match, captured by
// ../../capture-diagrams.mjs, each drawn read-only by the game's own board.
import type { BoardState, Diagram } from "../../types";
import dungeon from "./dungeon.json";
import fight from "./fight.json";
import guardian from "./guardian.json";
import jokers from "./jokers.json";

export const diagrams: Diagram[] = [
  { caption: "The Dungeon: 7 × 7 face-down cards with one Joker face up in the centre (the other is hidden "
      + "among them); the Jacks start on the ring outside, next to a corner card.",
    state: dungeon as unknown as BoardState },
  { caption: "A fight: Player 2 attacked the 8♠, a Hazard, with a 4♦ from its hand; the gap of 4 rolled four dice "
      + "(5, 5, 5, 6) and the final die, a 3, matched none of them, so Player 2 won and the 8♠ was discarded.",
    state: fight as unknown as BoardState },
  { caption: "Aces are guarded: Player 2 beat the 7♠ Guardian laid on one with a 10♥ and took the A♥, a power to "
      + "play later.",
    state: guardian as unknown as BoardState },
  { caption: "The goal: Player 1 beat the second Joker with a 6♥ and now holds both Jokers, which wins the game at "
      + "once.",
    state: jokers as unknown as BoardState },
];
