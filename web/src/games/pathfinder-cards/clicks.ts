// The click paths of the play board: for every legal move, the sequence of elements (CSS selectors
// relative to the board host) whose clicks play it. The board's click state machine and `clicksFor`
// both read this one plan, so what the tests click is what a player clicks. Pure code (no DOM): the
// e2e harness runs it in node.
import type { BoardState } from "../types";
import { moveSelector } from "../generic";
import { cellName, parseCell } from "./model";

export const CONFIRM = "[data-confirm]";
export const cellKey = (cell: string): string => `[data-cell="${cell}"]`;
export const heartKey = (heart: string): string => `[data-heart="${heart}"]`;
export const recallKey = (power: string): string => `[data-recall="${power}"]`;
export const suitKey = (suit: string): string => `[data-suit="${suit}"]`;
export const nameKey = (card: string): string => `[data-name-card="${card}"]`;
export const moveKey = moveSelector;

export interface PlanEntry {
  move: string;
  keys: string[];
}

/** Every way to play every legal move by clicks; a move may have several (hearts in any order). */
export interface ClickPlan {
  entries: PlanEntry[];
  /** Empty cells the board draws as slots (targets of a `move`, cells a question may name). */
  slots: Set<string>;
}

const CELL = String.raw`\(?(-?\d+,-?\d+)\)?`; // -1: west or north of the maze (A-G1-48)
const MOVE_PATTERNS: Array<[RegExp, (m: RegExpExecArray) => string[][]]> = [
  [new RegExp(`^(?:explore|flip|choose|stand|see) ${CELL}$`), (m) => [[cellKey(m[1])]]],
  [/^compass (\w+)$/, (m) => [[heartKey(m[1])]]],
  [/^save (\S+)$/, (m) => orderings(m[1].split("+")).map((hs) => hs.map(heartKey))],
  [/^recall (\w+) (\S+)$/,
    (m) => orderings(m[2].split("+")).map((hs) => [recallKey(m[1]), ...hs.map(heartKey)])],
  [new RegExp(`^predict ${CELL} (\\w+)$`), (m) => [[cellKey(m[1]), suitKey(m[2])]]],
  [new RegExp(`^name ${CELL} (\\w+)$`), (m) => [[cellKey(m[1]), nameKey(m[2])]]],
  [new RegExp(`^swap ${CELL} ${CELL}$`),
    (m) => [[cellKey(m[1]), cellKey(m[2])], [cellKey(m[2]), cellKey(m[1])]]],
  [new RegExp(`^move ${CELL} ${CELL}$`), (m) => [[cellKey(m[1]), cellKey(m[2])]]],
];

function orderings<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((first, i) =>
    orderings([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]));
}

/** A question token naming a cell (`q (5,1)`): clicked on the board when that cell is drawn. */
const CELL_TOKEN = /^q \((\d+),(\d+)\)$/;

function mazeCells(state: BoardState): Set<string> {
  return new Set<string>((state.view?.cards ?? []).map((c: { cell: string }) => c.cell));
}

/**
 * The empty cells worth drawing: a Mover/alteration `move` target, and the empty cells within one
 * cell of the maze that a question may name (the question language allows any cell 0..39; one
 * far from the maze says nothing a nearer one would not, and is still typed in the notation box).
 */
function slotCells(state: BoardState, cards: Set<string>): Set<string> {
  const slots = new Set<string>();
  const moveTarget = new RegExp(`^move ${CELL} ${CELL}$`);
  const near = nearFrame(cards);
  for (const move of state.legal) {
    const target = moveTarget.exec(move)?.[2];
    if (target && !cards.has(target)) slots.add(target);
    const token = CELL_TOKEN.exec(move);
    if (token) {
      const cell = cellName(Number(token[1]), Number(token[2]));
      if (!cards.has(cell) && near(cell)) slots.add(cell);
    }
  }
  return slots;
}

function nearFrame(cards: Set<string>): (cell: string) => boolean {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of cards) {
    const [x, y] = parseCell(c);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  return (cell) => {
    const [x, y] = parseCell(cell);
    return x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1;
  };
}

function pathsOf(move: string, drawn: Set<string>): string[][] {
  const token = CELL_TOKEN.exec(move);
  if (token) {
    const cell = cellName(Number(token[1]), Number(token[2]));
    return drawn.has(cell) ? [[cellKey(cell)]] : [];
  }
  for (const [pattern, keys] of MOVE_PATTERNS) {
    const m = pattern.exec(move);
    if (m) return keys(m);
  }
  return [[moveKey(move)]];
}

interface TrieNode {
  children: Map<string, TrieNode>;
}

/**
 * A path that is a proper prefix of another (a one-heart save whose heart also starts a two-heart
 * save) would be ambiguous on its last click: it gets a final "confirm" click instead.
 */
function confirmPrefixes(entries: PlanEntry[]): PlanEntry[] {
  const root: TrieNode = { children: new Map() };
  const ends: TrieNode[] = entries.map((e) => {
    let node = root;
    for (const key of e.keys) {
      let next = node.children.get(key);
      if (!next) node.children.set(key, (next = { children: new Map() }));
      node = next;
    }
    return node;
  });
  return entries.map((e, i) => (ends[i].children.size > 0 ? { ...e, keys: [...e.keys, CONFIRM] } : e));
}

const planCache = new WeakMap<BoardState, ClickPlan>();

export function clickPlan(state: BoardState): ClickPlan {
  const cached = planCache.get(state);
  if (cached) return cached;
  const cards = mazeCells(state);
  const slots = slotCells(state, cards);
  const drawn = new Set([...cards, ...slots]);
  const entries: PlanEntry[] = [];
  if (state.interactive) {
    for (const move of state.legal) {
      for (const keys of pathsOf(move, drawn)) entries.push({ move, keys });
    }
  }
  const plan = { entries: confirmPrefixes(entries), slots };
  planCache.set(state, plan);
  return plan;
}

/** The first click path of `move`, or null when it has none (a question cell far off the maze). */
export function playClicksFor(move: string, state: BoardState): string[] | null {
  return clickPlan(state).entries.find((e) => e.move === move)?.keys ?? null;
}

function startsWith(keys: string[], prefix: string[]): boolean {
  return prefix.length <= keys.length && prefix.every((k, i) => keys[i] === k);
}

const nextCache = new WeakMap<ClickPlan, Map<string, Set<string>>>();

/** The keys that may be clicked after `prefix` (remembered per plan: a board asks often). */
export function nextKeys(plan: ClickPlan, prefix: string[]): Set<string> {
  let byPrefix = nextCache.get(plan);
  if (!byPrefix) nextCache.set(plan, (byPrefix = new Map()));
  const id = prefix.join("\n");
  let next = byPrefix.get(id);
  if (!next) {
    next = new Set<string>();
    for (const e of plan.entries) {
      if (e.keys.length > prefix.length && startsWith(e.keys, prefix)) next.add(e.keys[prefix.length]);
    }
    byPrefix.set(id, next);
  }
  return next;
}

/** The move whose click path is exactly `keys`, if any. */
export function completedMove(plan: ClickPlan, keys: string[]): string | null {
  const e = plan.entries.find((e) => e.keys.length === keys.length && startsWith(e.keys, keys));
  return e ? e.move : null;
}

export type ClickOutcome =
  | { kind: "play"; move: string }
  | { kind: "select"; prefix: string[] }
  | { kind: "refuse" };

/**
 * What one click does given the current selection: plays a move it completes, extends or starts a
 * selection, or cancels the last step when the last selected element is clicked again.
 */
export function applyClick(plan: ClickPlan, prefix: string[], key: string): ClickOutcome {
  if (prefix.length > 0 && prefix[prefix.length - 1] === key) {
    return { kind: "select", prefix: prefix.slice(0, -1) };
  }
  for (const start of [[...prefix, key], [key]]) {
    const move = completedMove(plan, start);
    if (move !== null) return { kind: "play", move };
    if (nextKeys(plan, start).size > 0) return { kind: "select", prefix: start };
  }
  return { kind: "refuse" };
}
