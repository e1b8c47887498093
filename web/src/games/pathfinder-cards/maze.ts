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

/** The maze SVG, sized by its viewBox to the width of its host. */
export function drawMaze(model: PlayModel, marks: MazeMarks): SVGSVGElement {
  const { defs, backFill } = cardDefs();
  const cells = [...model.cards.map((c) => [c.x, c.y]), ...[...marks.slots].map(parseCell)];
  const corners = cells.flatMap(([x, y]) => {
    const [px, py] = position(x, y, model.hex);
    return [[px, py], [px + CARD_W, py + CARD_H]];
  });
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [x0, y0] = [Math.min(0, ...xs) - PAD, Math.min(0, ...ys) - PAD];
  const [x1, y1] = [Math.max(CARD_W, ...xs) + PAD, Math.max(CARD_H, ...ys) + PAD];
  const svg = s("svg", {
    class: "pfc-maze-svg",
    viewBox: `${x0} ${y0} ${x1 - x0} ${y1 - y0}`,
    role: "group",
    "aria-label": `the maze, ${model.cards.length} cards${model.hex ? " on a hex board" : ""}`,
  }, defs);
  for (const cell of marks.slots) svg.append(slotGroup(model, cell));
  for (const card of model.cards) svg.append(cardGroup(model, card, marks, backFill));
  for (const [cell, word] of marks.flagged) svg.append(flagLabel(model, cell, word));
  return svg;
}
