// The maze as the cards lie on the table: a square grid, or on a hex board the cards in a brick
// bond (row r shifted by half a card per row, so each card touches its six axial neighbours, as
// the terminal draws it). Face-down cards show their backs; the Maker sees his face-down cards
// faded with a stripe. Highlights: active diamonds (gold), explorable cards (green dashes), the
// last moves (orange), cells a trial points at (violet); the board marks the selection (blue).
import { s } from "../../core/dom";
import { CARD_H, CARD_W, cardBackGroup, cardDefs, cardFaceGroup } from "./cards";
import { cardWords, type MazeCard, parseCell, type PlayModel } from "./model";

const GAP = 6;
/** The advanced game's artifacts (G1.4), named on their cards. */
const ARTIFACTS: Record<string, string> = { JD: "Rope", QD: "Veil", KD: "Mirror" };
const PAD = 8;

/** What the maze shows besides the cards; what is clickable or selected is set by the board. */
export interface MazeMarks {
  recent: Set<string>;
  /** Cells a pending effect points at, with a word for it ("trial", "chosen", "flipped"). */
  flagged: Map<string, string>;
  slots: Set<string>;
}

function position(x: number, y: number, hex: boolean): [number, number] {
  const left = hex ? x + y / 2 : x;
  return [left * (CARD_W + GAP), y * (CARD_H + GAP)];
}

function cellWords(model: PlayModel, card: MazeCard): string {
  const where = `cell ${card.cell}`;
  const what = card.card
    ? card.up ? cardWords(card.card) : `${cardWords(card.card)}, face down`
    : "a face-down card";
  const notes = [
    model.active.has(card.cell) && "active",
    model.explorable.has(card.cell) && "explorable",
  ].filter(Boolean);
  return `${where}: ${what}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

function cardGroup(model: PlayModel, card: MazeCard, marks: MazeMarks, backFill: string): SVGGElement {
  const [px, py] = position(card.x, card.y, model.hex);
  const classes = ["pfc-cell"];
  if (model.active.has(card.cell)) classes.push("active");
  if (model.explorable.has(card.cell)) classes.push("explorable");
  if (marks.recent.has(card.cell)) classes.push("recent");
  if (marks.flagged.has(card.cell)) classes.push("flagged");
  const drawing = card.card
    ? cardFaceGroup(card.card)
    : cardBackGroup(backFill);
  const g = s("g", {
    class: classes.join(" "),
    transform: `translate(${px} ${py})`,
    "data-cell": card.cell,
    role: "img",
    "aria-label": cellWords(model, card),
  }, drawing);
  if (card.card && !card.up) {
    // The Maker's knowledge of a face-down card: visible to him, marked as not on view.
    g.classList.add("maker-hidden");
    g.append(s("rect", { class: "pfc-hidden-veil", width: CARD_W, height: CARD_H, rx: 5,
      fill: backFill }));
  }
  const artifact = model.advanced && card.card ? ARTIFACTS[card.card] : undefined;
  if (artifact) {
    g.append(s("text", { class: "pfc-artifact", x: CARD_W / 2, y: CARD_H - 12,
      "text-anchor": "middle" }, artifact));
  }
  g.append(s("rect", { class: "pfc-outline", x: -2, y: -2, width: CARD_W + 4, height: CARD_H + 4,
    rx: 7 }));
  return g;
}

/** The word under a card a pending effect points at ("queen trial", "chosen"): public facts. */
function flagLabel(model: PlayModel, cell: string, word: string): SVGTextElement {
  const [x, y] = parseCell(cell);
  const [px, py] = position(x, y, model.hex);
  return s("text", { class: "pfc-flag-text", x: px + CARD_W / 2, y: py + CARD_H + 1,
    "text-anchor": "middle", "aria-hidden": "true" }, word);
}

function slotGroup(model: PlayModel, cell: string): SVGGElement {
  const [x, y] = parseCell(cell);
  const [px, py] = position(x, y, model.hex);
  return s("g", {
    class: "pfc-cell pfc-slot",
    transform: `translate(${px} ${py})`,
    "data-cell": cell,
    role: "img",
    "aria-label": `empty space ${cell}`,
  },
  s("rect", { class: "pfc-slot-rect", width: CARD_W, height: CARD_H, rx: 5 }),
  s("text", { class: "pfc-slot-text", x: CARD_W / 2, y: CARD_H / 2, "text-anchor": "middle",
    "dominant-baseline": "central" }, cell),
  s("rect", { class: "pfc-outline", x: -2, y: -2, width: CARD_W + 4, height: CARD_H + 4, rx: 7 }));
}

/** Room for the coordinates: the column numbers' line, the row numbers' margin. */
// A tall maze is drawn small (the board's height is capped): the numbers are sized to stay legible.
const LABEL_TOP = 30;
const LABEL_LEFT = 36;

/**
 * The table's coordinates, as the cells are named everywhere (`x,y`: column x, row y; on a hex
 * board the axial q,r). Square board: each column's number above the top row, each row's left
 * of the first column, like a chessboard's border. Hex board: rows shift by half a card and
 * columns slant down to the right, so a border would stand far from them: each row's number sits
 * just left of its first card, and each column's just below its lowest card, a quarter card on
 * along the slant (both in slots that are empty, so no card is covered). Below, not above: a
 * column starts at the maze's left side, among the rows' numbers, and ends on its right side
 * or bottom. Screen readers have the cells' own names instead.
 */
function coordinateLabels(model: PlayModel, cells: Array<[number, number]>): SVGGElement {
  const first = new Map<number, number>(); // row -> its first column
  const end = new Map<number, number>(); // column -> its top row (square) or bottom row (hex)
  for (const [x, y] of cells) {
    first.set(y, Math.min(first.get(y) ?? x, x));
    end.set(x, model.hex ? Math.max(end.get(x) ?? y, y) : Math.min(end.get(x) ?? y, y));
  }
  const xs = [...end.keys()].sort((a, b) => a - b);
  const ys = [...first.keys()].sort((a, b) => a - b);
  const g = s("g", { class: "pfc-coords", "aria-hidden": "true" });
  for (const x of xs) {
    const [px, py] = position(x, model.hex ? end.get(x)! : ys[0], model.hex);
    const at = model.hex ? { x: px + CARD_W / 2 + (CARD_W + GAP) / 4, y: py + CARD_H + 21 }
      : { x: px + CARD_W / 2, y: py - 9 };
    g.append(s("text", { class: "pfc-coord pfc-coord-col", ...at, "text-anchor": "middle", "data-col": x },
      String(x)));
  }
  for (const y of ys) {
    const [px, py] = position(model.hex ? first.get(y)! : xs[0], y, model.hex);
    g.append(s("text", { class: "pfc-coord pfc-coord-row", x: px - 8, y: py + CARD_H / 2, "text-anchor": "end",
      "dominant-baseline": "central", "data-row": y }, String(y)));
  }
  return g;
}

/** The maze SVG, sized by its viewBox to the width of its host. */
export function drawMaze(model: PlayModel, marks: MazeMarks): SVGSVGElement {
  const { defs, backFill } = cardDefs();
  const cells: Array<[number, number]> = [...model.cards.map((c): [number, number] => [c.x, c.y]),
    ...[...marks.slots].map(parseCell)];
  const corners = cells.flatMap(([x, y]) => {
    const [px, py] = position(x, y, model.hex);
    return [[px, py], [px + CARD_W, py + CARD_H]];
  });
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const labelled = cells.length > 0;
  // Room for the numbers: columns above a square maze, below a hex one; rows on the left.
  const [above, below] = !labelled ? [0, 0] : model.hex ? [0, LABEL_TOP] : [LABEL_TOP, 0];
  const [x0, y0] = [Math.min(0, ...xs) - PAD - (labelled ? LABEL_LEFT : 0), Math.min(0, ...ys) - PAD - above];
  const [x1, y1] = [Math.max(CARD_W, ...xs) + PAD + (model.hex && labelled ? CARD_W / 2 : 0),
    Math.max(CARD_H, ...ys) + PAD + below];
  const svg = s("svg", {
    class: "pfc-maze-svg",
    viewBox: `${x0} ${y0} ${x1 - x0} ${y1 - y0}`,
    role: "group",
    "aria-label": `the maze, ${model.cards.length} cards${model.hex ? " on a hex board" : ""}; `
      + (model.hex ? "rows (y) numbered on the left, each slanting column (x) at its lower end"
        : "columns (x) numbered along the top, rows (y) down the left side"),
  }, defs);
  if (labelled) svg.append(coordinateLabels(model, cells));
  for (const cell of marks.slots) svg.append(slotGroup(model, cell));
  for (const card of model.cards) svg.append(cardGroup(model, card, marks, backFill));
  for (const [cell, word] of marks.flagged) svg.append(flagLabel(model, cell, word));
  return svg;
}
