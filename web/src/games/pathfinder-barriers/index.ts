// Pathfinder (Milton Bradley, `pathfinder-barriers`): the home grid and the tracking grid, the
// set-up editor, questions asked by clicking the tracking grid.
import type { BoardState, GameUI } from "../types";
import { createPathfinderBoard, pathfinderClicks } from "./board";
import { pathfinderMotions } from "./motion";
import { describeEvent, foldEvents } from "./event-words";
import { pathfinderView, seatName } from "./view";
import { resultLine } from "./result";
import { diagrams } from "./diagrams";

function seatSummary(state: BoardState, seat: number): string {
  const view = pathfinderView(state);
  const name = seatName(view, seat);
  if (view.phase === "setup") return `${name} · ${view.setup_done[seat] ? "maze built" : "building a maze"}`;
  const search = view.tracking[seat];
  const where = search.explorer ? `explorer on ${search.explorer}` : "outside the grid";
  return `${name} · ${search.turns} turn${search.turns === 1 ? "" : "s"} · ${where}`;
}

export const pathfinderBarriersUI: GameUI = {
  id: "pathfinder-barriers",
  diagrams,
  createBoard: createPathfinderBoard,
  clicksFor: pathfinderClicks,
  seatSummary,
  seatNames: () => ["North", "South"],
  describeEvent,
  foldEvents,
  resultLine,
  motions: pathfinderMotions,
};
