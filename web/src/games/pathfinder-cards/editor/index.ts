// Placeholder while the Maze Maker's editor is built: the generic board (view text + move buttons).
import { genericUI } from "../../generic";
import type { Board, BoardContext, BoardState } from "../../types";

const generic = genericUI("pathfinder-cards");

export function createMazeEditor(host: HTMLElement, state: BoardState, ctx: BoardContext): Board {
  return generic.createBoard(host, state, ctx);
}

export function editorClicksFor(move: string, state: BoardState): string[] | null {
  return generic.clicksFor(move, state);
}
