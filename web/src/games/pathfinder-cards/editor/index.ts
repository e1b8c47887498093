// The Maze Maker's editor for the build phase of pathfinder-cards. The play board (../index.ts)
// hands the board over to it while `isBuildPhase(view)` and asks it for the build moves' clicks.
import type { Board, BoardContext, BoardState } from "../../types";
import { MazeEditor } from "./editor";

export { editorClicksFor } from "./clicks";

export function createMazeEditor(host: HTMLElement, state: BoardState, ctx: BoardContext): Board {
  return new MazeEditor(host, state, ctx);
}
