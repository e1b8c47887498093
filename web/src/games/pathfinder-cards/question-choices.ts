// The choices of the Advisor's sentence builder: for the next part of a question (a hole of the
// prefix grammar, aql.ts), the English words to pick from, each with the tokens it stands for.
// Between them the choices cover every token the grammar allows there, so every question the
// language can ask can be built (a card test "a diamond" is the two tokens `suit D` in one pick).
// Pure code (no DOM).
import {
  CMPS, HEX_DIRS, type Hole, NB_KINDS, RANKS, REGIONS, type Slot, SQUARE_DIRS, SUITS,
} from "./aql";
import { DIR_WORDS } from "./aql-words";
import { cardLabel, type PlayModel } from "./model";

/** One pick: its words and the tokens it adds. */
export interface Choice {
  label: string;
  tokens: string[];
}

/** What the builder shows for the next hole: a prompt, buttons, and/or a list to pick from. */
export interface Step {
  prompt: string;
  buttons: Choice[];
  /** A long list (places, numbers): a select and a button that adds the selected entry. */
  list?: { options: Choice[]; selected: string; action: string };
}

/** How each kind of question starts, as a sentence with its parts in brackets. */
export const QUESTION_KINDS: Record<string, string> = {
  card: "Is the card at [a place] [of a kind]?",
  joker_in: "Is the Joker [somewhere]?",
  count: "Are there [so many] [cards of a kind] [somewhere]?",
  dist: "Is [the Joker or a place] within [so many] steps of [a place]?",
  on_shortest_path: "Would a step [a direction] from [a place] be on a shortest path to the Joker?",
  on_some_path: "Is [a place] on a path of diamonds from the A♦ to the Joker?",
  path_exists: "Is there a path of diamonds from [a place] to [the Joker or a place]?",
  not: "Is it false that [a question]?",
  and: "Both [a question] and [another]?",
  or: "Either [a question] or [another]?",
};

const REGION_WORDS: Record<string, string> = {
  cell: "at [a place]", cells: "at one of [a few places]", row: "in row [n]", col: "in column [n]",
  rect: "in a rectangle [of columns and rows]", halfplane: "in a column or row numbered [above or below a line]",
  side_of_line: "on one side of the line through [two places]", neighbors: "next to [a place]",
  all: "anywhere in the maze",
};

const PRED_ONE: Array<[string, string[]]> = [
  ["a club", ["suit", "C"]], ["a diamond", ["suit", "D"]], ["a spade", ["suit", "S"]],
  ["red", ["red"]], ["black", ["black"]], ["the Joker", ["joker"]],
  ["a diamond or the Joker", ["diamond_or_joker"]], ["any card", ["any"]],
  ["of a rank… (the Ace counts 14)", ["rank"]],
];
const PRED_MANY: Record<string, string> = {
  "a club": "clubs", "a diamond": "diamonds", "a spade": "spades", red: "red cards",
  black: "black cards", "the Joker": "Jokers", "a diamond or the Joker": "diamonds or Jokers",
  "any card": "cards of any kind", "of a rank… (the Ace counts 14)": "cards of a rank… (the Ace counts 14)",
};
const RANK_CMP: Record<string, string> = {
  "=": "exactly", "!=": "other than", "<": "below", "<=": "at most", ">": "above", ">=": "at least",
};
const COUNT_CMP: Record<string, string> = {
  "=": "exactly", "!=": "not exactly", "<": "fewer than", "<=": "at most", ">": "more than", ">=": "at least",
};
const DIST_CMP: Record<string, string> = {
  "<=": "within (at most)", "=": "exactly", "!=": "not exactly", "<": "fewer than", ">": "more than",
  ">=": "at least",
};
const LINE_CMP: Record<string, string> = {
  "<": "less than", "<=": "at most", "=": "exactly", "!=": "other than", ">=": "at least", ">": "more than",
};
const FACING_WORDS: Record<string, string> = { any: "face up or down", face_down: "face down", face_up: "face up" };
const NB_WORDS: Record<string, string> = {
  orth: "its 4 edge neighbours", diag: "its 4 corner neighbours", all: "all 8 neighbours",
  hex: "its 6 hex neighbours",
};
const SUIT_WORDS: Record<string, string> = { C: "clubs ♣", D: "diamonds ♦", S: "spades ♠" };
const RANK_NAMES: Record<string, string> = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const RECT_PARTS = ["its left column", "its top row", "its right column", "its bottom row"];

const choices = (words: Record<string, string>, order = Object.keys(words)): Choice[] =>
  order.map((t) => ({ label: words[t], tokens: [t] }));

const numbers = (from: number, to: number, step = 1): Choice[] => {
  const out: Choice[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push({ label: String(v), tokens: [String(v)] });
  return out;
};

/** "2,1 — 5♣", "3,1 — face-down card", "4,5 — empty space": a cell with what lies there. */
export function cellChoices(model: PlayModel): Choice[] {
  const byCell = new Map(model.cards.map((c) => [c.cell, c]));
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of model.cards) {
    [x0, y0, x1, y1] = [Math.min(x0, c.x), Math.min(y0, c.y), Math.max(x1, c.x), Math.max(y1, c.y)];
  }
  // The maze and the empty spaces one step around it (the language takes any cell 0..39; one far
  // from the maze says nothing a nearer one would not, and can still be typed in the notation box).
  const out: Choice[] = [];
  for (let y = Math.max(0, y0 - 1); y <= Math.min(39, y1 + 1); ++y) {
    for (let x = Math.max(0, x0 - 1); x <= Math.min(39, x1 + 1); ++x) {
      const cell = `${x},${y}`;
      const card = byCell.get(cell);
      const what = !card ? "empty space" : card.card && card.up ? cardLabel(card.card)
        : card.card ? `${cardLabel(card.card)}, face down` : "face-down card";
      out.push({ label: `${cell} — ${what}`, tokens: [`(${x},${y})`] });
    }
  }
  return out;
}

function cellPrompt(hole: Hole): string {
  switch (hole.parent) {
    case "card": return "Which card?";
    case "dist": return "Steps from which place?";
    case "on_shortest_path": return "A step from which place?";
    case "path_exists": return "A path from which place?";
    case "side_of_line": return hole.index === 0 ? "The line from which place?" : "…to which place?";
    case "neighbors": return "Next to which place?";
    default: return "Which place?";
  }
}

function intStep(hole: Hole): Step {
  const prompts: Record<string, string> = {
    row: "Which row?", col: "Which column?", count: "How many cards?", dist: "How many steps?",
  };
  const prompt = hole.parent === "rect" ? `Which is ${RECT_PARTS[hole.index]}?`
    : prompts[hole.parent ?? ""] ?? "Which number?";
  const selected = hole.parent === "dist" ? "3" : hole.parent === "count" ? "1" : "0";
  return { prompt, buttons: [], list: { options: numbers(0, 40), selected, action: "Use this number" } };
}

/** The prompt and the choices for the next hole of a question. */
export function stepFor(hole: Hole, model: PlayModel): Step {
  const cells = () => cellChoices(model);
  const firstCell = () => cells().find((c) => !c.label.endsWith("empty space"))?.tokens[0] ?? "(0,0)";
  const slot: Slot = hole.slot;
  switch (slot) {
    case "expr":
      return { prompt: hole.parent === null ? "What do you want to ask?" : "Which question goes here?",
        buttons: choices(QUESTION_KINDS) };
    case "region":
      return { prompt: hole.parent === "count" ? "Counted where?" : "Where?", buttons: choices(REGION_WORDS, REGIONS) };
    case "pred": {
      const many = hole.parent === "count";
      return { prompt: many ? "Cards of what kind?" : "Is it what kind of card?",
        buttons: PRED_ONE.map(([label, tokens]) => ({ label: many ? PRED_MANY[label] : label, tokens })) };
    }
    case "suit": return { prompt: "Which suit?", buttons: choices(SUIT_WORDS, SUITS) };
    case "rank":
      return { prompt: "Which rank?", buttons: RANKS.map((r) => ({ label: RANK_NAMES[r] ?? r, tokens: [r] })) };
    case "facing":
      return { prompt: "Counting cards lying how?", buttons: choices(FACING_WORDS, ["any", "face_down", "face_up"]) };
    case "cmp": {
      const words = hole.parent === "rank" ? RANK_CMP : hole.parent === "dist" ? DIST_CMP
        : hole.parent === "halfplane" ? LINE_CMP : COUNT_CMP;
      const prompt = hole.parent === "rank" ? "Which ranks?" : hole.parent === "dist" ? "How far?"
        : hole.parent === "halfplane" ? "Numbered how?" : "How many?";
      return { prompt, buttons: choices(words, hole.parent === "dist" ? Object.keys(DIST_CMP) : CMPS) };
    }
    case "int": return intStep(hole);
    case "num":
      return { prompt: "Which line? (a column or row number; a half falls between two)", buttons: [],
        list: { options: numbers(-0.5, 40, 0.5), selected: "0.5", action: "Use this line" } };
    case "axis":
      return { prompt: "Columns or rows?", buttons: [{ label: "a column number (x)", tokens: ["x"] },
        { label: "a row number (y)", tokens: ["y"] }] };
    case "side":
      return { prompt: "Which side, looking from the first place to the second?",
        buttons: [{ label: "left", tokens: ["left"] }, { label: "right", tokens: ["right"] }] };
    case "nb": {
      const order = model.hex ? ["hex", "orth", "diag", "all"] : NB_KINDS;
      return { prompt: "Which neighbours?", buttons: choices(NB_WORDS, order) };
    }
    case "dir":
      return { prompt: "Which direction?", buttons: (model.hex ? HEX_DIRS : SQUARE_DIRS)
        .map((d) => ({ label: `${DIR_WORDS[d]} (${d})`, tokens: [d] })) };
    case "count":
      return { prompt: "How many places?", buttons: numbers(1, 8) };
    case "cell":
      return { prompt: cellPrompt(hole), buttons: [],
        list: { options: cells(), selected: firstCell(), action: "Use this place" } };
    case "target":
      return { prompt: hole.parent === "dist" ? "The Joker, or which other place?" : "To the Joker, or to which place?",
        buttons: [{ label: "the Joker", tokens: ["joker"] }],
        list: { options: cells(), selected: firstCell(), action: "Use this place" } };
  }
}

/** A word of a question sent on its own (`q <token>`), told in words for its slot. */
export function tokenLabel(slot: Slot | null, token: string): string {
  const words: Partial<Record<Slot, Record<string, string>>> = {
    expr: QUESTION_KINDS, region: REGION_WORDS, facing: FACING_WORDS, nb: NB_WORDS, suit: SUIT_WORDS,
    cmp: { "=": "equal to (=)", "!=": "not equal to (!=)", "<": "less than (<)", "<=": "at most (<=)",
      ">": "more than (>)", ">=": "at least (>=)" },
    pred: { suit: "of a suit…", rank: "of a rank…", red: "red", black: "black", joker: "the Joker",
      diamond_or_joker: "a diamond or the Joker", any: "any card" },
    target: { joker: "the Joker" },
    axis: { x: "a column number (x)", y: "a row number (y)" },
    rank: RANK_NAMES,
  };
  if (slot === "dir") return `${DIR_WORDS[token] ?? token} (${token})`;
  return (slot && words[slot]?.[token]) ?? token;
}
