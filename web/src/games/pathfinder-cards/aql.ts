// The Advisor's question language (AQL, docs/rules/pathfinder-cards.md "The Advisor's question
// language") on the browser's side: the grammar of its prefix tokens (the `q <token>` moves, one
// per word), the infix text the engine prints and parses (`ask <question>`), and a reader of that
// text. The engine stays the judge (`ctx.check`); this mirrors src/games/pathfinder_cards/aql.cpp
// so the board can offer, in words, exactly what the engine accepts. Pure code (no DOM).

/** What a position of the prefix form expects (aql.h Slot). */
export type Slot =
  | "expr" | "region" | "cell" | "pred" | "facing" | "target" | "cmp" | "int" | "num" | "axis"
  | "side" | "nb" | "suit" | "rank" | "dir" | "count";

/** The engine's name of each slot, as the view's `question.expect` says it (aql.cpp slot_name). */
export const SLOT_EXPECT: Record<Slot, string> = {
  expr: "a question", region: "a region", cell: "a cell", pred: "a card test", facing: "a facing",
  target: "joker or a cell", cmp: "a comparison", int: "a number 0..40", num: "a line position",
  axis: "x or y", side: "left or right", nb: "orth, diag, all or hex", suit: "a suit",
  rank: "a rank", dir: "a direction", count: "how many cells",
};

export const EXPRS = ["not", "and", "or", "card", "joker_in", "count", "dist", "on_shortest_path",
  "on_some_path", "path_exists"];
export const REGIONS = ["cell", "cells", "rect", "halfplane", "side_of_line", "neighbors", "row", "col", "all"];
export const PREDS = ["suit", "rank", "red", "black", "joker", "diamond_or_joker", "any"];
export const FACINGS = ["face_down", "face_up", "any"];
export const CMPS = ["=", "!=", "<", "<=", ">", ">="];
export const NB_KINDS = ["orth", "diag", "all", "hex"];
export const SUITS = ["C", "D", "S"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SQUARE_DIRS = ["N", "E", "S", "W"];
export const HEX_DIRS = ["E", "NE", "NW", "W", "SW", "SE"];
const ALL_DIRS = ["N", "E", "S", "W", "NE", "NW", "SW", "SE"];

/** A question's length budget in tokens (aql.h kMaxTokens, A-G1-50). */
export const MAX_TOKENS = 64;

/** A line position -0.5 .. 40 in halves, written as the engine writes it ("3", "3.5", "-0.5"). */
export function numText(value: number): string {
  return String(value);
}

const CELL_TOKEN = /^\((-?\d+),(-?\d+)\)$/;

/** Whether `token` (as a `q` move writes it) fills `slot`. */
export function fits(slot: Slot, token: string): boolean {
  const int = (lo: number, hi: number) => /^-?\d+$/.test(token) && +token >= lo && +token <= hi;
  switch (slot) {
    case "expr": return EXPRS.includes(token);
    case "region": return REGIONS.includes(token);
    case "pred": return PREDS.includes(token);
    case "facing": return FACINGS.includes(token);
    case "cmp": return CMPS.includes(token);
    case "nb": return NB_KINDS.includes(token);
    case "suit": return SUITS.includes(token);
    case "rank": return RANKS.includes(token);
    case "dir": return ALL_DIRS.includes(token);
    case "axis": return token === "x" || token === "y";
    case "side": return token === "left" || token === "right";
    case "int": return int(0, 40);
    case "count": return int(1, 8);
    case "num": return /^-?\d+(\.5)?$/.test(token) && +token >= -0.5 && +token <= 40;
    case "cell": return CELL_TOKEN.test(token);
    case "target": return token === "joker" || CELL_TOKEN.test(token);
  }
}

/** The slots a token opens, in order (aql.cpp children). */
export function children(slot: Slot, token: string): Slot[] {
  if (slot === "count") return Array.from({ length: Number(token) }, (): Slot => "cell");
  const table: Partial<Record<Slot, Record<string, Slot[]>>> = {
    expr: {
      not: ["expr"], and: ["expr", "expr"], or: ["expr", "expr"], card: ["cell", "pred"],
      joker_in: ["region"], count: ["region", "pred", "facing", "cmp", "int"],
      dist: ["cell", "target", "cmp", "int"], on_shortest_path: ["cell", "dir"],
      on_some_path: ["cell"], path_exists: ["cell", "target"],
    },
    region: {
      cell: ["cell"], cells: ["count"], rect: ["int", "int", "int", "int"],
      halfplane: ["axis", "cmp", "num"], side_of_line: ["cell", "cell", "side"],
      neighbors: ["cell", "nb"], row: ["int"], col: ["int"], all: [],
    },
    pred: { suit: ["suit"], rank: ["cmp", "rank"] },
  };
  return table[slot]?.[token] ?? [];
}

/** A slot still to fill: what it expects and the token whose part it is (for the words). */
export interface Hole {
  slot: Slot;
  parent: string | null;
  /** Which of the parent's parts (0 = the first). */
  index: number;
}

/**
 * The holes a partial question leaves, the next one to fill last (aql.cpp pending); [] when the
 * question is whole; null when the tokens do not fit the grammar.
 */
export function holes(tokens: readonly string[]): Hole[] | null {
  let stack: Hole[] = [{ slot: "expr", parent: null, index: 0 }];
  for (const token of tokens) {
    const hole = stack.at(-1);
    if (!hole || !fits(hole.slot, token)) return null;
    stack = filled(stack, token);
  }
  return stack;
}

/** The holes once the next one is filled by `token`: its parts take its place. */
function filled(stack: readonly Hole[], token: string): Hole[] {
  const out = stack.slice(0, -1);
  const parts = children(stack[stack.length - 1].slot, token);
  for (let j = parts.length - 1; j >= 0; --j) out.push({ slot: parts[j], parent: token, index: j });
  return out;
}

const minLength = (slot: Slot) => (slot === "expr" || slot === "count" ? 2 : 1);

/**
 * Whether the tokens `next` may follow `tokens`: each fits the next hole and the question can still
 * be finished within MAX_TOKENS (aql.cpp token_allowed); a direction must exist on the board.
 */
export function allowed(tokens: readonly string[], next: readonly string[], hex: boolean): boolean {
  let stack = holes(tokens);
  if (!stack) return false;
  let length = tokens.length;
  for (const token of next) {
    const hole = stack.at(-1);
    if (!hole || !fits(hole.slot, token)) return false;
    if (hole.slot === "dir" && !(hex ? HEX_DIRS : SQUARE_DIRS).includes(token)) return false;
    const rest = stack.slice(0, -1).reduce((sum, h) => sum + minLength(h.slot), 0);
    const need = 1 + children(hole.slot, token).reduce((sum, s) => sum + minLength(s), 0);
    if (length + need + rest > MAX_TOKENS) return false;
    stack = filled(stack, token);
    length += 1;
  }
  return true;
}

/** Reads a `q` move's token ("q card" → "card"); null for any other move. */
export function tokenOfMove(move: string): string | null {
  const m = /^q\s+(.+)$/.exec(move.trim());
  return m ? m[1].trim() : null;
}

// ---- the infix text (aql_print.cpp) ------------------------------------------------------------

/** The infix text of a (partial) question, as the engine prints it: "?" for what is missing. */
export function infixText(tokens: readonly string[]): string {
  let i = 0;
  const take = () => (i < tokens.length ? tokens[i++] : "?");
  const peek = () => tokens[i];
  const operand = (wrapAnd: boolean): string => {
    const wrap = peek() === "or" || (wrapAnd && peek() === "and");
    const e = expr();
    return wrap ? `(${e})` : e;
  };
  const pred = (): string => {
    const id = take();
    if (id === "suit") return `suit ${take()}`;
    if (id === "rank") {
      const cmp = take();
      return cmp === "=" ? `rank ${take()}` : `rank ${cmp} ${take()}`;
    }
    return id;
  };
  const region = (): string => {
    const id = take();
    switch (id) {
      case "cell": return `cell ${take()}`;
      case "cells": {
        const k = take();
        if (k === "?") return "cells{?}";
        return `cells{${Array.from({ length: Number(k) }, take).join(", ")}}`;
      }
      case "rect": return `rect(${take()} ${take()} ${take()} ${take()})`;
      case "halfplane": return `halfplane(${take()} ${take()} ${take()})`;
      case "side_of_line": return `side_of_line(${take()} ${take()} ${take()})`;
      case "neighbors": return `neighbors(${take()}, ${take()})`;
      case "row": case "col": return `${id} ${take()}`;
      default: return id;
    }
  };
  function expr(): string {
    const id = take();
    switch (id) {
      case "not": {
        const binary = peek() === "and" || peek() === "or";
        const e = expr();
        return binary ? `not (${e})` : `not ${e}`;
      }
      case "and": {
        const a = operand(false);
        return `${a} and ${operand(true)}`;
      }
      case "or": {
        const a = expr();
        return `${a} or ${operand(false)}`;
      }
      case "card": {
        const c = take();
        return `card ${c} is ${pred()}`;
      }
      case "joker_in": return `joker_in ${region()}`;
      case "count": {
        const r = region();
        const p = pred();
        return `count(${r}, ${p}, ${take()}) ${take()} ${take()}`;
      }
      case "dist": {
        const c = take();
        const t = take();
        return `dist(${c}, ${t}) ${take()} ${take()}`;
      }
      case "on_shortest_path": return `on_shortest_path(${take()}, ${take()})`;
      case "on_some_path": return `on_some_path(${take()})`;
      case "path_exists": return `path_exists(${take()}, ${take()})`;
      default: return id;
    }
  }
  return expr();
}

// ---- reading the infix text (aql_parse.cpp, leniently: the engine has judged it already) --------

const LEXEME = /\s*(!=|<=|>=|[=<>(){},]|-?\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*|[♦♣♠])/y;
const SUIT_SYMBOLS: Record<string, string> = { "♦": "D", "♣": "C", "♠": "S" };

/**
 * The tokens of a whole question written in infix form (an answer's `question` in the view, or
 * what `ask` sends). Throws on text it cannot read.
 */
export function parseQuestion(text: string): string[] {
  const lexemes: string[] = [];
  LEXEME.lastIndex = 0;
  const trimmed = text.trim();
  while (LEXEME.lastIndex < trimmed.length) {
    const m = LEXEME.exec(trimmed);
    if (!m) throw new Error(`cannot read "${trimmed.slice(LEXEME.lastIndex)}"`);
    lexemes.push(SUIT_SYMBOLS[m[1]] ?? m[1]);
  }
  let i = 0;
  const peek = () => (lexemes[i] ?? "").toLowerCase();
  const next = () => {
    if (i >= lexemes.length) throw new Error("the question ends too soon");
    return lexemes[i++];
  };
  const expect = (word: string) => {
    const got = next();
    if (got.toLowerCase() !== word) throw new Error(`expected '${word}' at '${got}'`);
  };
  const optionalComma = () => {
    if (peek() === ",") ++i;
  };
  const one = (slot: Slot, raw: string): string => {
    const token = slot === "suit" || slot === "rank" || slot === "dir" ? raw.toUpperCase()
      : slot === "num" ? numText(Number(raw)) : raw.toLowerCase();
    if (!fits(slot, token)) throw new Error(`'${raw}' is not ${SLOT_EXPECT[slot]}`);
    return token;
  };
  const cell = (): string => {
    expect("(");
    const x = next();
    expect(",");
    const y = next();
    expect(")");
    return `(${Number(x)},${Number(y)})`;
  };
  const target = (): string => (peek() === "joker" ? (++i, "joker") : cell());
  const pred = (): string[] => {
    const word = next().toLowerCase();
    if (word === "suit") return ["suit", one("suit", next())];
    if (word === "rank") {
      const cmp = CMPS.includes(peek()) ? next() : "=";
      return ["rank", cmp, one("rank", next())];
    }
    return [one("pred", word)];
  };
  const region = (): string[] => {
    const word = next().toLowerCase();
    switch (word) {
      case "cell": return ["cell", cell()];
      case "cells": {
        expect("{");
        const cells = [cell()];
        while (peek() === ",") {
          ++i;
          cells.push(cell());
        }
        expect("}");
        return ["cells", String(cells.length), ...cells];
      }
      case "rect": {
        expect("(");
        const out = ["rect"];
        for (let k = 0; k < 4; ++k) {
          out.push(next());
          if (k < 3) optionalComma();
        }
        expect(")");
        return out;
      }
      case "halfplane": {
        expect("(");
        const out = ["halfplane", one("axis", next()), one("cmp", next()), one("num", next())];
        expect(")");
        return out;
      }
      case "side_of_line": {
        expect("(");
        const a = cell();
        optionalComma();
        const b = cell();
        optionalComma();
        const out = ["side_of_line", a, b, one("side", next())];
        expect(")");
        return out;
      }
      case "neighbors": {
        expect("(");
        const c = cell();
        expect(",");
        const out = ["neighbors", c, one("nb", next())];
        expect(")");
        return out;
      }
      case "row": case "col": return [word, next()];
      default: return [one("region", word)];
    }
  };
  const atom = (): string[] => {
    const word = next().toLowerCase();
    switch (word) {
      case "card": {
        const c = cell();
        expect("is");
        return ["card", c, ...pred()];
      }
      case "joker_in": return ["joker_in", ...region()];
      case "count": {
        expect("(");
        const r = region();
        expect(",");
        const p = pred();
        let facing = "any";
        if (peek() === ",") {
          ++i;
          facing = one("facing", next());
        }
        expect(")");
        return ["count", ...r, ...p, facing, one("cmp", next()), one("int", next())];
      }
      case "dist": {
        expect("(");
        const c = cell();
        expect(",");
        const t = target();
        expect(")");
        return ["dist", c, t, one("cmp", next()), one("int", next())];
      }
      case "on_shortest_path": {
        expect("(");
        const c = cell();
        expect(",");
        const d = one("dir", next());
        expect(")");
        return ["on_shortest_path", c, d];
      }
      case "on_some_path": {
        expect("(");
        const c = cell();
        expect(")");
        return ["on_some_path", c];
      }
      case "path_exists": {
        expect("(");
        const c = cell();
        expect(",");
        const t = target();
        expect(")");
        return ["path_exists", c, t];
      }
      default: throw new Error(`'${word}' does not start a question`);
    }
  };
  // `not` binds tightest, then `and`, then `or`, each left to right: a and b and c is
  // and(and(a, b), c), whose prefix form is "and and a b c".
  const chain = (word: string, operand: () => string[]): string[] => {
    const parts = [operand()];
    while (peek() === word) {
      ++i;
      parts.push(operand());
    }
    return [...Array<string>(parts.length - 1).fill(word), ...parts.flat()];
  };
  const unary = (): string[] => {
    if (peek() === "not") {
      ++i;
      return ["not", ...unary()];
    }
    if (peek() === "(") {
      ++i;
      const e = expr();
      expect(")");
      return e;
    }
    return atom();
  };
  const expr = (): string[] => chain("or", () => chain("and", unary));
  const tokens = expr();
  if (i < lexemes.length) throw new Error(`unexpected '${lexemes[i]}' after the question`);
  return tokens;
}
