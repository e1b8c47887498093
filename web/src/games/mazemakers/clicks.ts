// clicksFor: the clicks that play a move on a board with nothing selected. It mirrors offer.ts and
// the selectors board.ts draws; the unit tests click every legal move of real positions through it.
import type { BoardState } from "../types";
import { moveSelector } from "../generic";
import { classify, clickSquareOf } from "./notation";

export const cellSelector = (square: string) => `[data-cell="${square}"]`;
export const positionSelector = (position: string) => `[data-pos="${position}"]`;
export const pieceSelector = (piece: string) => `[data-piece="${piece}"]`;
export const wallSelector = (piece: string) => `[data-wall="${piece}"]`;
export const orientationSelector = (orientation: number) => `[data-orient="${orientation}"]`;

export function clicksFor(move: string, state: BoardState): string[] | null {
  if (!state.legal.includes(move)) return null;
  const m = classify(move);
  switch (m.kind) {
    case "place": {
      const { piece, orientation } = m.placement;
      // During set-up the pieces come from the tray; later a wall is picked up from the board.
      const pick = state.view.phase === "walls" ? pieceSelector(piece) : wallSelector(piece);
      return [pick, orientationSelector(orientation), cellSelector(clickSquareOf(m.placement))];
    }
    case "step":
      return [cellSelector(m.square)];
    case "relocate":
      return [positionSelector(m.from), positionSelector(m.to)];
    case "fill":
      return [positionSelector(m.hole), positionSelector(m.tile)];
    case "coinHole":
      return [positionSelector(m.hole)];
    case "coinWall":
      return [wallSelector(m.piece)]; // also a button beside the board
    case "button":
      return [moveSelector(move)];
  }
}
