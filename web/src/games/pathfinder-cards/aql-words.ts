// An Advisor question in plain English, from its prefix tokens (aql.ts): "dist (2,1) joker <= 3"
// reads "Is the Joker within 3 steps of 2,1 along diamonds?". A partial question reads the same
// with "…" for each part still to choose, so the builder shows the sentence as it grows and the
// log tells a question asked word by word. Meanings follow docs/rules/pathfinder-cards.md
// (A-G1-43). Pure code (no DOM).
import { parseQuestion } from "./aql";

/** A part of the sentence not chosen yet. */
export const BLANK = "…";

/** How a sentence names a cell: as a place ("2,1") and as the card lying there. */
export interface CellNames {
  place(cell: string): string;
  card(cell: string): string;
}

/** Coordinates only: the log's words, which must not depend on what lies there now. */
export const PLAIN_CELLS: CellNames = {
  place: (cell) => cell,
  card: (cell) => `the card at ${cell}`,
};

/** "(2,1)" → "2,1": the board writes cells without brackets. */
export function cellWords(token: string): string {
  return token.replace(/^\((-?\d+),(-?\d+)\)$/, "$1,$2");
}

const SUIT_ONE: Record<string, string> = { C: "a club", D: "a diamond", S: "a spade" };
const SUIT_MANY: Record<string, string> = { C: "clubs", D: "diamonds", S: "spades" };
const RANK_WORDS: Record<string, string> = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
export const DIR_WORDS: Record<string, string> = {
  N: "north", E: "east", S: "south", W: "west",
  NE: "north-east", NW: "north-west", SW: "south-west", SE: "south-east",
};
/** Comparisons of a count or a number ("at least 2"). */
export const CMP_WORDS: Record<string, string> = {
  "=": "exactly", "!=": "a number other than", "<": "fewer than", "<=": "at most", ">": "more than",
  ">=": "at least",
};
/** Comparisons of a line position ("in a column numbered less than 3.5"). */
const LINE_CMP: Record<string, string> = {
  "=": "exactly", "!=": "other than", "<": "less than", "<=": "at most", ">": "more than",
  ">=": "at least",
};
const NEIGHBOURS: Record<string, [string, string]> = {
  orth: ["next to", "one of its 4 edge neighbours"],
  diag: ["diagonally next to", "one of its 4 corner neighbours"],
  all: ["around", "one of its 8 neighbours"],
  hex: ["next to", "one of its 6 hex neighbours"],
};

/** "3 steps", "1 step", "… steps". */
const steps = (n: string) => `${n} ${n === "1" ? "step" : "steps"}`;

/** How far, in a `dist` question: "within 3 steps of", "more than 3 steps from". */
export function distanceWords(cmp: string, n: string): string {
  switch (cmp) {
    case "<=": return `within ${steps(n)} of`;
    case "=": return `exactly ${steps(n)} from`;
    case "!=": return `not exactly ${steps(n)} from`;
    case "<": return `fewer than ${steps(n)} from`;
    case ">": return `more than ${steps(n)} from`;
    case ">=": return `at least ${steps(n)} from`;
    default: return `${cmp} ${steps(n)} from`; // cmp is the blank (or the next one)
  }
}

function rankWord(rank: string): string {
  return RANK_WORDS[rank] ?? rank;
}

/** "of rank 10", "of a rank above 10", "of rank 10 or below": a rank test after "card … is". */
export function rankWords(cmp: string, rank: string): string {
  const r = rankWord(rank);
  switch (cmp) {
    case "=": return `of rank ${r}`;
    case "!=": return `of a rank other than ${r}`;
    case "<": return `of a rank below ${r}`;
    case "<=": return `of rank ${r} or below`;
    case ">": return `of a rank above ${r}`;
    case ">=": return `of rank ${r} or above`;
    default: return `of rank ${cmp} ${r}`;
  }
}

/** A statement and its question: "the Joker is in row 2" / "Is the Joker in row 2?". */
interface Said {
  statement: string;
  question: string;
  compound: boolean;
}

/**
 * Reads the tokens in order. Past the end it hands out blanks: the first one is the part to
 * choose next (in the sentence it may stand after later parts: "Is … within … steps of [next]?"),
 * which the caller may mark. A blank is never a token, so the words fall back to it as they are.
 */
class Reader {
  private i = 0;
  private blanks = 0;
  /** Whether the last take() was past the end. */
  private blank = false;
  constructor(private readonly tokens: readonly string[], readonly names: CellNames,
    private readonly next: string) {}
  take(): string {
    this.blank = this.i >= this.tokens.length;
    if (!this.blank) return this.tokens[this.i++];
    return this.blanks++ === 0 ? this.next : BLANK;
  }
  place(): string {
    const t = this.take();
    return this.blank ? t : this.names.place(cellWords(t));
  }
  card(): string {
    const t = this.take();
    return this.blank ? `the card at ${t}` : this.names.card(cellWords(t));
  }
  target(): string {
    const t = this.take();
    if (t === "joker") return "the Joker";
    return this.blank ? t : this.names.place(cellWords(t));
  }
}

/** A card test, as one card ("a diamond") and as many ("diamonds"). */
function pred(r: Reader): { one: string; many: string } {
  const id = r.take();
  switch (id) {
    case "suit": {
      const s = r.take();
      return { one: SUIT_ONE[s] ?? `of the suit ${s}`, many: SUIT_MANY[s] ?? `cards of the suit ${s}` };
    }
    case "rank": {
      const cmp = r.take();
      const words = rankWords(cmp, r.take());
      return { one: words, many: `cards ${words}` };
    }
    case "red": return { one: "red", many: "red cards" };
    case "black": return { one: "black", many: "black cards" };
    case "joker": return { one: "the Joker", many: "Jokers" };
    case "diamond_or_joker": return { one: "a diamond or the Joker", many: "diamonds or Jokers" };
    case "any": return { one: "any card", many: "cards" };
    default: return { one: id, many: `cards ${id}` };
  }
}

/** Where: "in row 2", "next to 4,2 (one of its 4 edge neighbours)". */
function region(r: Reader): string {
  const id = r.take();
  switch (id) {
    case "cell": return `at ${r.place()}`;
    case "cells": {
      const k = r.take();
      if (!/^\d+$/.test(k)) return `at one of ${k}`;
      const cells = Array.from({ length: Number(k) }, () => r.place());
      if (cells.length === 1) return `at ${cells[0]}`;
      return `at one of ${cells.slice(0, -1).join(", ")} or ${cells[cells.length - 1]}`;
    }
    case "rect": {
      const [x0, y0, x1, y1] = [r.take(), r.take(), r.take(), r.take()];
      return `in the rectangle from column ${x0}, row ${y0} to column ${x1}, row ${y1}`;
    }
    case "halfplane": {
      const axis = r.take();
      const cmp = r.take();
      const line = axis === "x" ? "column" : axis === "y" ? "row" : `column or row ${axis}`;
      return `in a ${line} numbered ${LINE_CMP[cmp] ?? cmp} ${r.take()}`;
    }
    case "side_of_line": {
      const a = r.place();
      const b = r.place();
      const side = r.take();
      return `on the ${side} side of the line from ${a} to ${b} (as seen on the screen)`;
    }
    case "neighbors": {
      const c = r.place();
      const token = r.take();
      const kind = NEIGHBOURS[token];
      return kind ? `${kind[0]} ${c} (${kind[1]})` : `next to ${c} (${token})`;
    }
    case "row": return `in row ${r.take()}`;
    case "col": return `in column ${r.take()}`;
    case "all": return "anywhere in the maze";
    default: return id;
  }
}

const atom = (statement: string, question: string): Said => ({ statement, question, compound: false });

function expr(r: Reader): Said {
  const id = r.take();
  switch (id) {
    case "not": {
      const a = part(expr(r));
      return { statement: `it is not true that ${a}`, question: `Is it false that ${a}?`, compound: true };
    }
    case "and": case "or": {
      const a = part(expr(r));
      const b = part(expr(r));
      const statement = id === "and" ? `both ${a} and ${b}` : `either ${a} or ${b}`;
      return { statement, question: `Is it true that ${statement}?`, compound: true };
    }
    case "card": {
      const c = r.card();
      const p = pred(r).one;
      return atom(`${c} is ${p}`, `Is ${c} ${p}?`);
    }
    case "joker_in": {
      const where = region(r);
      return atom(`the Joker is ${where}`, `Is the Joker ${where}?`);
    }
    case "count": {
      const where = region(r);
      const p = pred(r).many;
      const facing = r.take();
      const kind = facing === "face_down" ? `face-down ${p}` : facing === "face_up" ? `face-up ${p}`
        : facing === "any" ? `${p} (face up or down)` : `${p} (${facing})`;
      const cmp = r.take();
      const howMany = `${CMP_WORDS[cmp] ?? cmp} ${r.take()}`;
      return atom(`there are ${howMany} ${kind} ${where}`, `Are there ${howMany} ${kind} ${where}?`);
    }
    case "dist": {
      const from = r.place();
      const to = r.target();
      const cmp = r.take();
      const far = distanceWords(cmp, r.take());
      return atom(`${to} is ${far} ${from} along diamonds`, `Is ${to} ${far} ${from} along diamonds?`);
    }
    case "on_shortest_path": {
      const c = r.place();
      const d = r.take();
      const step = `a step ${DIR_WORDS[d] ?? d} from ${c}`;
      return atom(`${step} is on a shortest path of diamonds to the Joker`,
        `Would ${step} be on a shortest path of diamonds to the Joker?`);
    }
    case "on_some_path": {
      const c = r.place();
      return atom(`${c} is on a path of diamonds from the A♦ to the Joker`,
        `Is ${c} on a path of diamonds from the A♦ to the Joker?`);
    }
    case "path_exists": {
      const c = r.place();
      const t = r.target();
      return atom(`there is a path of diamonds from ${c} to ${t}`,
        `Is there a path of diamonds from ${c} to ${t}?`);
    }
    default: return atom(id, `${id}?`);
  }
}

/** A part of a bigger question: brackets keep "both (either a or b) and c" unambiguous. */
function part(said: Said): string {
  return said.compound ? `(${said.statement})` : said.statement;
}

/**
 * The question in words; "…" marks each part still to choose, `next` (if given) instead the one
 * to choose now.
 */
export function questionWords(tokens: readonly string[], names: CellNames = PLAIN_CELLS, next = BLANK): string {
  return expr(new Reader(tokens, names, next)).question;
}

/** "Yes" / "No" for the engine's "yes" / "no". */
export function answerWord(answer: string): string {
  return answer === "yes" ? "Yes" : answer === "no" ? "No" : answer;
}

/** A question written in the language (an answer's `question`, an `ask`) in words; the text itself if unreadable. */
export function questionInWords(text: string, names: CellNames = PLAIN_CELLS): string {
  try {
    return questionWords(parseQuestion(text), names);
  } catch {
    return text;
  }
}
