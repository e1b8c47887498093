// The last turn of each player, rebuilt from the event log: Treasure Hunt has perfect information,
// so the log (the 25 deals in row-major order, the first player, then every swap and step) replays
// the whole game. The replay is checked against the view before it is believed: a log that does not
// start at the deal, or a rule this file does not know, gives no highlights instead of wrong ones.
// Pure code.
import type { BoardState, GameEvent } from "../types";
import { parseCard } from "./cards";
import { chainPath, chainRules, type ChainRules, type Grid } from "./chain";
import { cellName, isDirection, moveCell, parseCell, type Cell, type Direction } from "./geometry";

export interface TurnTrace {
  player: number;
  /** The two cells swapped (rules' frame names). */
  swap: [string, string];
  /** The two cards swapped, as they were written. */
  cards: [string, string];
  /** The step and the involuntary movement after it: the start cell first, the stop cell last. */
  path: Cell[] | null;
  /** The Treasure Card the step scored, if it did. */
  scored: string | null;
  /** Its event number, so the most recent turn can be told from the older one. */
  n: number;
}

const STANDARD_TREASURES = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"];
const SPECIALIZED_TREASURES = ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"];

interface Replay {
  board: Grid;
  dealt: number;
  pawns: Cell[];
  treasures: string[];
  treasure: number;
  last: Map<number, TurnTrace>;
}

function findCard(board: Grid, code: string): Cell | null {
  for (let row = 0; row < board.length; ++row) {
    const col = board[row].indexOf(code);
    if (col >= 0) return { row, col };
  }
  return null;
}

function cellOf(side: string, board: Grid): Cell | null {
  return parseCard(side) ? findCard(board, side) : parseCell(side);
}

function applySwap(replay: Replay, event: GameEvent, player: number): boolean {
  const sides = event.text.split("-").map((side) => cellOf(side.trim(), replay.board));
  if (sides.length !== 2 || !sides[0] || !sides[1]) return false;
  const [a, b] = sides as [Cell, Cell];
  const board = replay.board;
  const cards: [string, string] = [board[a.row][a.col] ?? "", board[b.row][b.col] ?? ""];
  [board[a.row][a.col], board[b.row][b.col]] = [cards[1], cards[0]];
  replay.last.set(player, { player, swap: [cellName(a), cellName(b)], cards, path: null, scored: null, n: event.n });
  return true;
}

function applyStep(replay: Replay, dir: Direction, player: number, rules: ChainRules): boolean {
  const from = replay.pawns[player];
  const trace = replay.last.get(player);
  if (!from || !trace || trace.path) return false;
  const path = [from, ...chainPath(replay.board, moveCell(from, dir), replay.treasures[replay.treasure], rules)];
  const stop = path[path.length - 1];
  replay.pawns[player] = stop;
  trace.path = path;
  if (replay.board[stop.row][stop.col] === replay.treasures[replay.treasure]) {
    trace.scored = replay.treasures[replay.treasure];
    replay.treasure = (replay.treasure + 1) % replay.treasures.length;
  }
  return true;
}

function applyEvent(replay: Replay, event: GameEvent, rules: ChainRules): boolean {
  if (event.player === "chance") {
    const deal = /^deal (\S+)$/.exec(event.text);
    if (deal) {
      if (replay.dealt >= 25) return false;
      replay.board[Math.floor(replay.dealt / 5)][replay.dealt % 5] = deal[1];
      replay.dealt += 1;
      if (replay.dealt === 25) {
        replay.treasures = parseCard(replay.board.flat().find((c) => c) ?? "")?.deck === "specialized"
          ? SPECIALIZED_TREASURES : STANDARD_TREASURES;
      }
    }
    return true; // the first-player draw changes nothing drawn
  }
  if (replay.dealt < 25) return false;
  return isDirection(event.text)
    ? applyStep(replay, event.text, event.player, rules)
    : applySwap(replay, event, event.player);
}

function matchesView(replay: Replay, state: BoardState): boolean {
  const view = state.view;
  const sameBoard = replay.board.every((row, r) => row.every((code, c) => view.board?.[r]?.[c] === code));
  const samePawns = replay.pawns.every((cell, p) => view.pawns?.[p] === cellName(cell));
  const sameTreasure = view.phase === "over" || replay.treasures[replay.treasure] === view.treasure;
  return sameBoard && samePawns && sameTreasure;
}

/**
 * Each player's most recent turn (a swap, and its step once made), oldest first; [] when the log
 * cannot be replayed onto this view.
 */
export function lastTurns(state: BoardState): TurnTrace[] {
  const replay: Replay = {
    board: Array.from({ length: 5 }, () => Array<string | null>(5).fill(null)),
    dealt: 0,
    pawns: [{ row: 2, col: 2 }, { row: 2, col: 2 }],
    treasures: STANDARD_TREASURES,
    treasure: 0,
    last: new Map(),
  };
  const rules = chainRules(state.view, state.options);
  for (const event of state.events) {
    if (!applyEvent(replay, event, rules)) return [];
  }
  if (!matchesView(replay, state)) return [];
  return [...replay.last.values()].sort((a, b) => a.n - b.n);
}
