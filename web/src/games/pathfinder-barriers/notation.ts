// Squares, slots and moves of Pathfinder (docs/rules/pathfinder-barriers.md, "Notation"), in the
// canonical forms the engine writes: squares `B-1`, slots `B-3|B-4` (lower square first),
// `E-1|F-1`, entry slots `|C-1`. Pure code: clicksFor runs it in node.

export const SIZE = 6;
export const ROWS = ["A", "B", "C", "D", "E", "F"] as const;

export interface Square {
  row: number; // 0 = A (top)
  col: number; // 0 = column 1 (left, the entry side)
}

export type Direction = "up" | "right" | "down" | "left";

export function squareName(sq: Square): string {
  return `${ROWS[sq.row]}-${sq.col + 1}`;
}

/** Reads `B-1`, `b1`, `B1`; null when the text is not a square of the 6 × 6 grid. */
export function parseSquare(text: string): Square | null {
  const m = /^\s*([a-fA-F])-?([1-6])\s*$/.exec(text);
  if (!m) return null;
  return { row: m[1].toUpperCase().charCodeAt(0) - 65, col: Number(m[2]) - 1 };
}

export function allSquares(): Square[] {
  const out: Square[] = [];
  for (let row = 0; row < SIZE; ++row) for (let col = 0; col < SIZE; ++col) out.push({ row, col });
  return out;
}

/**
 * A slot where a chip may stand: between a square and its right neighbour ("v"), between a square
 * and the one below ("h"), or the entry slot on the left edge of a column-1 square ("entry").
 * `row`/`col` name the upper-left square of the pair (the column-1 square for an entry).
 */
export interface Slot {
  kind: "v" | "h" | "entry";
  row: number;
  col: number;
}

export function slotName(slot: Slot): string {
  const a = squareName(slot);
  if (slot.kind === "entry") return `|${a}`;
  const b = slot.kind === "v" ? { row: slot.row, col: slot.col + 1 } : { row: slot.row + 1, col: slot.col };
  return `${a}|${squareName(b)}`;
}

/** Reads a slot in either order (`B-4|B-3`, `/` accepted); null for anything else. */
export function parseSlot(text: string): Slot | null {
  const parts = text.trim().split(/[|/]/);
  if (parts.length !== 2) return null;
  const second = parseSquare(parts[1]);
  if (!second) return null;
  if (parts[0].trim() === "") return second.col === 0 ? { kind: "entry", row: second.row, col: 0 } : null;
  const first = parseSquare(parts[0]);
  if (!first) return null;
  const [a, b] = first.row * SIZE + first.col < second.row * SIZE + second.col ? [first, second] : [second, first];
  if (a.row === b.row && b.col === a.col + 1) return { kind: "v", row: a.row, col: a.col };
  if (a.col === b.col && b.row === a.row + 1) return { kind: "h", row: a.row, col: a.col };
  return null;
}

/** The 66 slots: 30 vertical, 30 horizontal, 6 entries (A-G2-2). */
export function allSlots(): Slot[] {
  const out: Slot[] = [];
  for (let row = 0; row < SIZE; ++row) {
    out.push({ kind: "entry", row, col: 0 });
    for (let col = 0; col < SIZE - 1; ++col) out.push({ kind: "v", row, col });
  }
  for (let row = 0; row < SIZE - 1; ++row) for (let col = 0; col < SIZE; ++col) out.push({ kind: "h", row, col });
  return out;
}

/** The slot crossed when stepping from `from` to an orthogonal neighbour `to` (null if none). */
export function slotBetween(from: Square, to: Square): Slot | null {
  return parseSlot(`${squareName(from)}|${squareName(to)}`);
}

export function neighbour(sq: Square, dir: Direction): Square | null {
  const next = {
    up: { row: sq.row - 1, col: sq.col },
    right: { row: sq.row, col: sq.col + 1 },
    down: { row: sq.row + 1, col: sq.col },
    left: { row: sq.row, col: sq.col - 1 },
  }[dir];
  return next.row >= 0 && next.row < SIZE && next.col >= 0 && next.col < SIZE ? next : null;
}

/** One decision, as the engine writes it in `legal` and in the event log. */
export type Move =
  | { kind: "pawn"; square: Square }
  | { kind: "bar"; slot: Slot }
  | { kind: "done" }
  | { kind: "enter"; square: Square }
  | { kind: "step"; from: Square; to: Square }
  | { kind: "exit" };

/** Parses the canonical texts (`pawn E-5`, `bar B-3|B-4`, `done`, `enter B-1`, `B-1>B-2`, `exit`). */
export function parseMove(text: string): Move | null {
  const t = text.trim();
  if (t === "done") return { kind: "done" };
  if (t === "exit" || /^[A-F]-[1-6]>exit$/.test(t)) return { kind: "exit" };
  let m = /^pawn (\S+)$/.exec(t);
  if (m) {
    const square = parseSquare(m[1]);
    return square && { kind: "pawn", square };
  }
  m = /^bar (\S+)$/.exec(t);
  if (m) {
    const slot = parseSlot(m[1]);
    return slot && { kind: "bar", slot };
  }
  m = /^enter (\S+)$/.exec(t);
  if (m) {
    const square = parseSquare(m[1]);
    return square && square.col === 0 ? { kind: "enter", square } : null;
  }
  m = /^(\S+)>(\S+)$/.exec(t);
  if (m) {
    const from = parseSquare(m[1]);
    const to = parseSquare(m[2]);
    return from && to && slotBetween(from, to) ? { kind: "step", from, to } : null;
  }
  return null;
}

/**
 * The slot a search question is about: the entry slot for `enter`, the crossed slot for a step,
 * the explorer's entry slot for an exit (given where it stood).
 */
export function questionSlot(move: Move, explorer: Square | null): Slot | null {
  if (move.kind === "enter") return { kind: "entry", row: move.square.row, col: 0 };
  if (move.kind === "step") return slotBetween(move.from, move.to);
  if (move.kind === "exit" && explorer && explorer.col === 0) return { kind: "entry", row: explorer.row, col: 0 };
  return null;
}

/** A home grid as the view and the whole-grid notation have it. */
export interface HomeGrid {
  pawn: string | null;
  barriers: string[];
}

/** The whole-grid text `parse_actions` accepts during one's set-up: `E-5: |C-1 E-1|F-1 …`. */
export function homeGridText(grid: { pawn: string; barriers: Iterable<string> }): string {
  return [`${grid.pawn}:`, ...grid.barriers].join(" ");
}

/** Words for a question, as a player would ask it aloud (rules, G2.3). */
export function questionInWords(question: string): string {
  const t = question.trim();
  const enter = /^enter (\S+)$/.exec(t);
  if (enter) return `May I enter at ${enter[1]}?`;
  const exit = /^(\S+)>exit$/.exec(t);
  if (exit) return `May I exit from ${exit[1]}?`;
  if (t === "exit") return "May I exit?";
  const step = /^(\S+)>(\S+)$/.exec(t);
  if (step) return `May I move from ${step[1]} to ${step[2]}?`;
  return t;
}
