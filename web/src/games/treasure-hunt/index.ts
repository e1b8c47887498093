// Treasure Hunt in the browser: the 5×5 grid of cards, pawns, Treasure Marker and map key, seen
// from the observer's side of the table (docs/rules/treasure-hunt.md).
import type { GameUI } from "../types";
import { TreasureHuntBoard, seatSummary } from "./board";
import { describeEvent, foldEvents } from "./event-words";
import { clicksFor } from "./moves";
import { treasureHuntMotions } from "./motion";
import { resultLine } from "./result";
import { diagrams } from "./diagrams";

export const treasureHuntUI: GameUI = {
  id: "treasure-hunt",
  diagrams,
  createBoard: (host, state, ctx) => new TreasureHuntBoard(host, state, ctx),
  clicksFor,
  seatSummary,
  seatNames: () => ["Green", "Purple"],
  describeEvent,
  foldEvents,
  resultLine,
  motions: treasureHuntMotions,
};
