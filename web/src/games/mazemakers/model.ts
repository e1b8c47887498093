// The board as the drawing and the clicks need it, read from a view (docs/rules/mazemakers.md,
// "Views"): which squares carry tiles, where START is, the walls' squares, coins and pawns.
import type { View } from "../types";
import { parsePlacement, parseSquare, PENTOMINO_SIDE, TILES_SIDE } from "./notation";
import type { Cell } from "./pentominoes";

export interface PlayerInfo {
  seat: string; // "P1"
  index: number;
  suit: string | null;
  pawn: string | null; // a square, "start", or null when dead
  health: number;
  artifacts: number;
  coinsInHand: number;
  alive: boolean;
  exited: boolean;
}

export interface WallInfo {
  /** Pentomino letter, or the hole's top-left square on the No-Pentominos board. */
  id: string;
  squares: Cell[];
  owner: string | null;
  coins: number;
}

export interface CoinInfo {
  square: string;
  value: number;
  suit?: string;
  monsterFor: string[];
}

export interface BoardModel {
  tilesBoard: boolean;
  side: number;
  /** Top-left squares of the 2×2 tiles (grid tiles only; START apart). */
  tiles: Cell[];
  /** Top-left square of START's 2×2 area. */
  start: Cell;
  walls: WallInfo[];
  coins: CoinInfo[];
  players: PlayerInfo[];
}

function tileSquares(topLeft: Cell): Cell[] {
  const [r, c] = topLeft;
  return [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]];
}

export function squareOf(name: string): Cell {
  const cell = parseSquare(name);
  if (!cell) throw new Error(`'${name}' is not a square name (expected e.g. c4)`);
  return cell;
}

export function readModel(view: View): BoardModel {
  const tilesBoard = view.board === "noPentominos";
  const side = tilesBoard ? TILES_SIDE : PENTOMINO_SIDE;
  let tiles: Cell[];
  let start: Cell;
  let walls: WallInfo[];
  if (tilesBoard) {
    tiles = (view.tiles as string[]).map(squareOf);
    start = squareOf(view.start_tile);
    walls = (view.walls as { hole: string; owner: string | null; coins: number }[]).map((w) => ({
      id: w.hole, squares: tileSquares(squareOf(w.hole)), owner: w.owner, coins: w.coins,
    }));
  } else {
    tiles = [];
    for (let r = 0; r < 5; ++r) for (let c = 0; c < 5; ++c) if (r < 4 || c < 4) tiles.push([2 * r, 2 * c]);
    start = [8, 8];
    walls = (view.walls as { piece: string; placement: string; owner: string | null; coins: number }[])
      .map((w) => ({
        id: w.piece, squares: parsePlacement(w.placement)?.squares ?? [], owner: w.owner, coins: w.coins,
      }));
  }
  const coins = (view.coins as { cell: string; value: number; suit?: string; monster_for: string[] }[])
    .map((c) => ({ square: c.cell, value: c.value, suit: c.suit, monsterFor: c.monster_for ?? [] }));
  const players = (view.players as Record<string, unknown>[]).map((p, index) => ({
    seat: String(p.seat), index, suit: (p.suit as string | null) ?? null, pawn: (p.pawn as string | null) ?? null,
    health: Number(p.health), artifacts: Number(p.artifacts), coinsInHand: Number(p.coins_in_hand),
    alive: Boolean(p.alive), exited: Boolean(p.exited),
  }));
  return { tilesBoard, side, tiles, start, walls, coins, players };
}

export function startSquares(model: BoardModel): Cell[] {
  return tileSquares(model.start);
}

export function suitOfSeat(model: BoardModel, seat: string | null): string | null {
  return model.players.find((p) => p.seat === seat)?.suit ?? null;
}

/** The square of a wall where its control coins sit: the one with the most neighbours in it. */
export function wallCentre(wall: WallInfo): Cell {
  const inWall = (r: number, c: number) => wall.squares.some(([a, b]) => a === r && b === c);
  let best = wall.squares[0];
  let bestCount = -1;
  for (const [r, c] of wall.squares) {
    const count = [[1, 0], [-1, 0], [0, 1], [0, -1]].filter(([dr, dc]) => inWall(r + dr, c + dc)).length;
    if (count > bestCount) [best, bestCount] = [[r, c], count];
  }
  return best;
}
