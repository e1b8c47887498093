// Pathfinder, the card game (`pathfinder-cards`): the Maze Maker's build phase is the maze editor
// (editor/), every later phase the play board (board.ts). `clicksFor` follows the same split.
import type { Board, BoardContext, BoardState, GameUI } from "../types";
import { createPlayBoard } from "./board";
import { describeEvent, foldEvents } from "./event-words";
import { playClicksFor } from "./clicks";
import { createMazeEditor, editorClicksFor } from "./editor";
import { pathfinderCardsMotions } from "./motion";
import { roleOf } from "./model";
import { isBuildPhase } from "./phase";
import { questionPhrases } from "./question-log";
import "./style.css";
import { resultLine } from "./result";
import { diagrams } from "./diagrams";

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

/** The seat's role in the game under way, and the Runner's hearts in hand. */
function seatSummary(state: BoardState, seat: number): string {
  const v = state.view ?? {};
  const role = roleOf({ ...v, observer: v.seats?.[seat] });
  const hearts = Array.isArray(v.hand) ? v.hand.length : null;
  if (role === "runner") return hearts === null ? "Maze Runner" : `Maze Runner · ${hearts} heart${hearts === 1 ? "" : "s"}`;
  if (role === "maker") return "Maze Maker";
  return "";
}

/**
 * The seats as the game will name them: by their roles ("Maker", "Runner") in a single game whose
 * options fix who makes the maze, else "Player 1", "Player 2" (roles drawn, or alternating in a
 * match).
 */
function seatNames(options: Record<string, unknown>): string[] {
  const single = String(options.matchGames ?? "1") === "1";
  if (single && options.roles === "seat0Maker") return ["Maker", "Runner"];
  if (single && options.roles === "seat0Runner") return ["Runner", "Maker"];
  return ["Player 1", "Player 2"];
}

export const pathfinderCardsUI: GameUI = {
  id: "pathfinder-cards", createBoard, clicksFor, seatSummary, seatNames, describeEvent, resultLine,
  diagrams,
  phraseEvents: questionPhrases,
  motions: pathfinderCardsMotions,
  foldEvents,
};
