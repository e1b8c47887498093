// Which part of the pathfinder-cards UI a view belongs to. The Maze Maker's build phase is drawn
// by the editor (editor/), everything after it by the play board; both sides agree through this.
import type { View } from "../types";

/** True while the maze is being built (docs/rules/pathfinder-cards.md: `phase` is "build"). */
export function isBuildPhase(view: View): boolean {
  return view != null && view.phase === "build";
}
