// How each legal decision is played by clicking: a move's *click path* is a list of tokens (a
// cell, a hand card, a seat's Jack, a button). The board offers the tokens that continue the
// clicks so far towards some legal move, and plays a move once the clicks name it alone; when
// several moves share the same clicks (e.g. "move up" and "fight up" onto a Joker) a small menu
// names them in words. Pure code: `clicksFor` runs it in node for the end-to-end harness.
import type { BoardState } from "../types";
import { parseDirection, step } from "./notation";

/** `cell:c3`, `card:9D*`, `seat:P2`, `suit:C`, `btn:end`. */
export type Token = string;

/** Decisions that are a single button (no place on the board). */
const BUTTON_WORDS = new Set([
  "end", "scavenge", "nocard", "done", "keep", "discard", "debt", "noreroll", "reroll",
]);

/** The Jack's cell of the seat acting in this state (directions are relative to it). */
function actingJackCell(state: BoardState): string | null {
  const seat = state.seat ?? state.view?.turn?.seat;
  const cell = state.view?.players?.[seat]?.cell;
  return typeof cell === "string" && cell !== "" ? cell : null;
}

function towards(state: BoardState, dirWord: string): Token | null {
  const from = actingJackCell(state);
  const dir = parseDirection(dirWord);
  const to = from && dir ? step(from, dir) : null;
  return to ? `cell:${to}` : null;
}

/** PvE rerolls name a set of dice faces: the board offers them as toggles, not as a path. */
export function isFaceReroll(move: string): boolean {
  return /^reroll [1-6f]+$/.test(move);
}

/**
 * Every click path that plays `move` (the first is the one `clicksFor` uses), or null when the
 * move is not played through the path machine (a PvE reroll of faces, or unknown text).
 */
export function pathsFor(move: string, state: BoardState): Token[][] | null {
  const w = move.split(" ");
  const verb = w[0];
  if (w.length === 1 && BUTTON_WORDS.has(verb)) return [[`btn:${verb}`]];
  const one = (...tokens: (Token | null)[]) =>
    tokens.every((t) => t !== null) ? [tokens as Token[]] : null;
  switch (verb) {
    case "reveal":
    case "move":
    case "fight":
      return w.length === 2 ? one(towards(state, w[1])) : null;
    case "spot":
    case "corner":
    case "peek":
      return w.length === 2 ? one(`cell:${w[1]}`) : null;
    case "jack":
      return w.length === 2 ? one(`suit:${w[1].toUpperCase()}`) : null;
    case "use":
    case "bolster":
    case "gain":
    case "recon":
    case "advrecon":
      return w.length === 2 ? one(`card:${w[1]}`) : null;
    case "boost":
    case "portal":
      return w.length === 3 ? one(`card:${w[1]}`, towards(state, w[2])) : null;
    case "shuffle":
      return w.length === 3 ? one(`card:${w[1]}`, `cell:${w[2]}`) : null;
    case "shift": {
      const dir = w.length === 4 ? parseDirection(w[3]) : null;
      const to = dir ? step(w[2], dir) : null;
      return to ? one(`card:${w[1]}`, `cell:${w[2]}`, `cell:${to}`) : null;
    }
    case "hinder":
      return w.length === 3 ? one(`card:${w[1]}`, `seat:${w[2]}`) : null;
    case "swap":
      return w.length === 4
        ? [[`card:${w[1]}`, `seat:${w[2]}`, `seat:${w[3]}`],
          [`card:${w[1]}`, `seat:${w[3]}`, `seat:${w[2]}`]]
        : null;
    case "pay":
      return w.length === 3
        ? [[`card:${w[1]}`, `card:${w[2]}`], [`card:${w[2]}`, `card:${w[1]}`]]
        : null;
    default:
      return null;
  }
}

function startsWith(path: Token[], prefix: Token[]): boolean {
  return prefix.length <= path.length && prefix.every((t, i) => path[i] === t);
}

/** What the clicks so far (`prefix`) allow next. */
export interface PathStep {
  /** Tokens that continue the prefix towards at least one legal move. */
  next: Set<Token>;
  /** Moves the prefix names completely (offered in the menu when more than one, or with `next`). */
  complete: string[];
}

export class PathIndex {
  private readonly entries: { move: string; paths: Token[][] }[] = [];

  constructor(legal: string[], state: BoardState) {
    for (const move of legal) {
      const paths = pathsFor(move, state);
      if (paths) this.entries.push({ move, paths });
    }
  }

  has(move: string): boolean {
    return this.entries.some((e) => e.move === move);
  }

  at(prefix: Token[]): PathStep {
    const next = new Set<Token>();
    const complete: string[] = [];
    for (const { move, paths } of this.entries) {
      let named = false;
      for (const path of paths) {
        if (!startsWith(path, prefix)) continue;
        if (path.length === prefix.length) named = true;
        else next.add(path[prefix.length]);
      }
      if (named) complete.push(move);
    }
    return { next, complete };
  }

  /** The move the prefix names alone (nothing longer continues it), else null. */
  decided(prefix: Token[]): string | null {
    const { next, complete } = this.at(prefix);
    return complete.length === 1 && next.size === 0 ? complete[0] : null;
  }

  firstPath(move: string): Token[] | null {
    return this.entries.find((e) => e.move === move)?.paths[0] ?? null;
  }
}

/** The attribute selector of a token's element (quotes and backslashes escaped; no CSS.escape). */
export function tokenSelector(token: Token): string {
  return `[data-key="${token.replace(/["\\]/g, (c) => "\\" + c)}"]`;
}

export function menuSelector(move: string): string {
  return `.jl-menu [data-move="${move.replace(/["\\]/g, (c) => "\\" + c)}"]`;
}

/** PvE reroll: one toggle per face named, then the reroll button. */
function faceRerollClicks(move: string): string[] {
  const faces = move.slice("reroll ".length).split("");
  return [...faces.map((f) => tokenSelector(`face:${f}`)), tokenSelector("btn:reroll-dice")];
}

/** The clicks that play `move` (see GameUI.clicksFor). */
export function clicksFor(move: string, state: BoardState): string[] | null {
  if (!state.interactive || !state.legal.includes(move)) return null;
  if (isFaceReroll(move)) return faceRerollClicks(move);
  const index = new PathIndex(state.legal, state);
  const path = index.firstPath(move);
  if (!path) return null;
  const clicks = path.map(tokenSelector);
  if (index.decided(path) !== move) clicks.push(menuSelector(move));
  return clicks;
}
