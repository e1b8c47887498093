// MazeMakers in the browser: the piecepack board with pentomino walls (or the No-Pentominos tile
// board), played by clicking squares, walls, tiles and holes (docs/rules/mazemakers.md).
import type { BoardState, GameUI } from "../types";
import { MazemakersBoard } from "./board";
import { clicksFor } from "./clicks";
import { mazemakersMotions } from "./motion";
import { describeEvent, foldEvents } from "./event-words";
import { readModel } from "./model";
import { resultLine } from "./result";
import { diagrams } from "./diagrams";

export const mazemakersUI: GameUI = {
  id: "mazemakers",
  diagrams,
  createBoard: (host, state, ctx) => new MazemakersBoard(host, state, ctx),
  clicksFor,
  seatSummary(state: BoardState, seat: number): string {
    const p = readModel(state.view).players[seat];
    if (!p) return "";
    const life = !p.alive ? " · dead" : p.exited ? " · exited" : "";
    return `${p.suit ?? p.seat} · health ${p.health} · ${p.artifacts}/3 artifacts${life}`;
  },
  describeEvent,
  foldEvents,
  resultLine,
  motions: mazemakersMotions,
};
