// Pathfinder, the card game (`pathfinder-cards`): the Maze Maker's build phase is the maze editor
// (editor/), every later phase the play board (board.ts). `clicksFor` follows the same split.
import type { Board, BoardContext, BoardState, GameUI } from "../types";
import { createPlayBoard } from "./board";
import { playClicksFor } from "./clicks";
import { createMazeEditor, editorClicksFor } from "./editor";
import { roleOf } from "./model";
import { isBuildPhase } from "./phase";
import "./style.css";

/** Mounts the editor or the play board for the phase, and swaps them when the phase changes. */
function createBoard(host: HTMLElement, state: BoardState, ctx: BoardContext): Board {
  let building = isBuildPhase(state.view);
  let current = building ? createMazeEditor(host, state, ctx) : createPlayBoard(host, state, ctx);
  return {
    update(next) {
      const nowBuilding = isBuildPhase(next.view);
      if (nowBuilding !== building) {
        current.destroy();
        building = nowBuilding;
        current = building ? createMazeEditor(host, next, ctx) : createPlayBoard(host, next, ctx);
      } else {
        current.update(next);
      }
    },
    destroy: () => current.destroy(),
  };
}

function clicksFor(move: string, state: BoardState): string[] | null {
  return isBuildPhase(state.view) ? editorClicksFor(move, state) : playClicksFor(move, state);
}

function seatSummary(state: BoardState, seat: number): string {
  const v = state.view ?? {};
  const name: string = v.seats?.[seat] ?? `Seat ${seat}`;
  const role = roleOf({ ...v, observer: name });
  if (role === "runner" && Array.isArray(v.hand)) return `${name} · Runner · ${v.hand.length} hearts`;
  if (role === "maker") return `${name} · Maker`;
  return name;
}

export const pathfinderCardsUI: GameUI = { id: "pathfinder-cards", createBoard, clicksFor, seatSummary };
