// The table seen from the observer's seat: the 5×5 grid of cards with coordinates, the pawns, the
// Treasure Marker, rule 3's padlocks, the last turn of each player (its swap ringed, its pawn's
// path drawn) and, for the mover, where each step would carry the pawn. Interaction is board.ts's.
import { s } from "../../core/dom";
import type { View } from "../types";
import { cardLabel, parseCard } from "./cards";
import { CARD_H, CARD_W, cardFace } from "./card-face";
import { chainPath, type ChainRules } from "./chain";
import {
  COLUMNS, SIZE, cellName, parseCell, screenCell, screenDirection, type Cell, type Direction,
} from "./geometry";
import type { TurnTrace } from "./history";
import type { MoveModel } from "./moves";
import { SEAT_COLOURS, padlock, pawnShape, treasureMarker } from "./tokens";

const GAP = 8;
const PITCH_X = CARD_W + GAP;
const PITCH_Y = CARD_H + GAP;
const LEFT = 26;
const TOP = 52;
const BOTTOM = 34;
export const BOARD_WIDTH = LEFT + SIZE * PITCH_X - GAP + 10;
export const BOARD_HEIGHT = TOP + SIZE * PITCH_Y - GAP + BOTTOM;

export interface Scene {
  view: View;
  turned: boolean;
  model: MoveModel;
  rules: ChainRules;
  traces: TurnTrace[];
}

export interface DrawnBoard {
  svg: SVGSVGElement;
  cards: Map<string, SVGGElement>;
  /** Step target cell → the drawn path the step would take (hidden until hovered or focused). */
  previews: Map<string, SVGElement>;
}

/** The top-left corner of a cell's card on this observer's screen, in the SVG's units. */
export function origin(cell: Cell, turned: boolean): { x: number; y: number } {
  const at = screenCell(cell, turned);
  return { x: LEFT + at.col * PITCH_X, y: TOP + at.row * PITCH_Y };
}

function centre(cell: Cell, turned: boolean): { x: number; y: number } {
  const { x, y } = origin(cell, turned);
  return { x: x + CARD_W / 2, y: y + CARD_H / 2 };
}

function labels(view: View, turned: boolean): SVGElement {
  const group = s("g", { class: "th-labels", "aria-hidden": "true" });
  for (let i = 0; i < SIZE; ++i) {
    const column = centre({ row: 0, col: i }, turned).x;
    const row = centre({ row: i, col: 0 }, turned).y;
    group.append(
      s("text", { x: column, y: TOP - 8, "text-anchor": "middle" }, COLUMNS[i]),
      s("text", { x: LEFT / 2, y: row + 6, "text-anchor": "middle" }, String(i + 1)),
    );
  }
  const seats: string[] = view?.seats ?? ["Green", "Purple"];
  const [near, far] = turned ? [1, 0] : [0, 1];
  const middle = LEFT + (SIZE * PITCH_X - GAP) / 2;
  group.append(sideTag(`${seats[far]}'s side`, far, middle, 14), sideTag(`${seats[near]}'s side`, near, middle, BOARD_HEIGHT - 18));
  return group;
}

/** A pill in the seat's colour on the edge of the table where that player sits. */
function sideTag(text: string, seat: number, x: number, y: number): SVGElement {
  const width = 16 + text.length * 9.5;
  return s("g", { class: "th-side" },
    s("rect", { x: x - width / 2, y: y - 11, width, height: 22, rx: 11, fill: SEAT_COLOURS[seat], stroke: "#fff",
      "stroke-width": 1.5 }),
    s("text", { x, y: y + 5.5, "text-anchor": "middle" }, text));
}

function drawCard(code: string, cell: Cell, scene: Scene): SVGGElement {
  const { x, y } = origin(cell, scene.turned);
  const name = cellName(cell);
  const face = cardFace(code, (card) => {
    const dir = scene.rules.key[card.group];
    return dir ? screenDirection(dir, scene.turned) : undefined;
  });
  return s("g", { class: "th-card", "data-cell": name, "data-card": code, transform: `translate(${x} ${y})` },
    s("rect", { class: "th-card-ring", x: -4, y: -4, width: CARD_W + 8, height: CARD_H + 8, rx: 11 }),
    face,
  );
}

function pathLine(path: Cell[], turned: boolean, attrs: Record<string, unknown>): SVGElement {
  const points = path.map((cell) => centre(cell, turned)).map(({ x, y }) => `${x},${y}`).join(" ");
  return s("polyline", { points, fill: "none", "stroke-linejoin": "round", "stroke-linecap": "round", ...attrs });
}

function arrowMarkers(): SVGElement {
  const marker = (id: string, colour: string) =>
    s("marker", { id, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
      s("path", { d: "M0 0 L10 5 L0 10 Z", fill: colour }));
  return s("defs", {}, marker("th-arrow-0", SEAT_COLOURS[0]), marker("th-arrow-1", SEAT_COLOURS[1]),
    marker("th-arrow-preview", "#1e6fd9"));
}

/** Each player's last turn: the two swapped cards ringed and the pawn's path, the latest strongest. */
function traces(scene: Scene): SVGElement {
  const group = s("g", { class: "th-traces", "aria-hidden": "true" });
  scene.traces.forEach((trace, i) => {
    const latest = i === scene.traces.length - 1;
    const colour = SEAT_COLOURS[trace.player];
    const layer = s("g", { class: `th-trace th-trace-${trace.player}${latest ? " th-trace-latest" : ""}`,
      opacity: latest ? 0.95 : 0.5 });
    for (const name of trace.swap) {
      const cell = parseCell(name);
      if (!cell) continue;
      const { x, y } = origin(cell, scene.turned);
      layer.append(s("rect", { class: "th-swap-ring", "data-swapped": name, x: x - 3, y: y - 3,
        width: CARD_W + 6, height: CARD_H + 6, rx: 10, fill: "none", stroke: colour, "stroke-width": 5,
        "stroke-dasharray": "12 6" }));
    }
    if (trace.path && trace.path.length > 1) {
      layer.append(pathLine(trace.path, scene.turned, { class: "th-path", stroke: colour, "stroke-width": 6,
        "stroke-opacity": 0.8, "marker-end": `url(#th-arrow-${trace.player})` }));
    }
    group.append(layer);
  });
  return group;
}

/** Fallback when the log cannot be replayed: the view's own last swaps (locked / swapped). */
function swapRings(view: View): TurnTrace[] {
  const mover = typeof view?.to_move === "number" ? view.to_move : 0;
  const found: TurnTrace[] = [];
  const add = (codes: unknown, player: number, n: number) => {
    if (!Array.isArray(codes) || codes.length !== 2) return;
    const [a, b] = codes.map((code) => findCode(view, code));
    if (a && b) {
      found.push({ player, swap: [cellName(a), cellName(b)], cards: codes as [string, string], path: null, scored: null, n });
    }
  };
  add(view?.locked, 1 - mover, 0);
  add(view?.swapped, mover, 1);
  return found;
}

function tokens(view: View, scene: Scene): SVGElement {
  const group = s("g", { class: "th-tokens", "aria-hidden": "true" });
  const treasure = findCode(view, view?.treasure);
  if (treasure && view.phase !== "over") {
    const { x, y } = centre(treasure, scene.turned);
    group.append(treasureMarker(x, y - 30));
  }
  for (const code of Array.isArray(view?.locked) ? view.locked : []) {
    const cell = findCode(view, code);
    if (!cell) continue;
    const { x, y } = origin(cell, scene.turned);
    group.append(padlock(x + CARD_W - 12, y + 14));
  }
  // The pawns go on the centre card once the deal is complete (G3.2).
  const pawns: Cell[] = view?.phase === "deal" ? [] : (view?.pawns ?? []).map(parseCell);
  pawns.forEach((cell, seat) => {
    if (!cell) return;
    const shared = pawns.some((other, o) => o !== seat && other && other.row === cell.row && other.col === cell.col);
    const { x, y } = centre(cell, scene.turned);
    group.append(pawnShape(seat, shared ? x + (seat === 0 ? -17 : 17) : x, y + 30));
  });
  return group;
}

function findCode(view: View, code: unknown): Cell | null {
  for (let r = 0; r < SIZE; ++r) {
    const c = (view?.board?.[r] ?? []).indexOf(code);
    if (c >= 0) return { row: r, col: c };
  }
  return null;
}

/** Where each step would carry the mover's pawn: drawn for the step hovered or focused. */
function previews(view: View, scene: Scene, into: Map<string, SVGElement>): SVGElement {
  const group = s("g", { class: "th-previews", "aria-hidden": "true" });
  const pawn = parseCell(view?.pawns?.[view?.to_move]);
  for (const target of scene.model.steps.keys()) {
    const cell = parseCell(target);
    if (!pawn || !cell) continue;
    const path = [pawn, ...chainPath(view.board, cell, view.treasure, scene.rules)];
    const stop = centre(path[path.length - 1], scene.turned);
    const preview = s("g", { class: "th-preview", "data-preview": target },
      pathLine(path, scene.turned, { stroke: "#1e6fd9", "stroke-width": 5, "stroke-dasharray": "2 9",
        "marker-end": "url(#th-arrow-preview)" }),
      s("circle", { cx: stop.x, cy: stop.y, r: 30, fill: "none", stroke: "#1e6fd9", "stroke-width": 4 }));
    into.set(target, preview);
    group.append(preview);
  }
  return group;
}

/** The arrow chips on the cards the mover may step onto, pointing away from the pawn. */
function stepChips(scene: Scene): SVGElement {
  const group = s("g", { class: "th-step-chips", "aria-hidden": "true" });
  for (const [target, move] of scene.model.steps) {
    const cell = parseCell(target);
    if (!cell) continue;
    const { x, y } = centre(cell, scene.turned);
    const dir = screenDirection(move as Direction, scene.turned);
    const rotation = { up: 0, right: 90, down: 180, left: 270 }[dir];
    group.append(s("g", { class: "th-step-chip", transform: `translate(${x} ${y}) rotate(${rotation})` },
      s("circle", { r: 17, fill: "#1e6fd9", stroke: "#fff", "stroke-width": 3 }),
      s("path", { d: "M0 -9 L8 1 L3 1 L3 9 L-3 9 L-3 1 L-8 1 Z", fill: "#fff" })));
  }
  return group;
}

export function drawBoard(scene: Scene): DrawnBoard {
  const view = scene.view;
  const cards = new Map<string, SVGGElement>();
  const previewMap = new Map<string, SVGElement>();
  const grid = s("g", { class: "th-grid" });
  // Screen reading order, so that Tab walks the cards as this observer sees them.
  for (let r = 0; r < SIZE; ++r) {
    for (let c = 0; c < SIZE; ++c) {
      const cell = screenCell({ row: r, col: c }, scene.turned);
      const code = view?.board?.[cell.row]?.[cell.col];
      if (typeof code !== "string") {
        const { x, y } = origin(cell, scene.turned);
        grid.append(s("rect", { class: "th-empty-cell", x, y, width: CARD_W, height: CARD_H, rx: 8 }));
        continue;
      }
      const card = drawCard(code, cell, scene);
      cards.set(cellName(cell), card);
      grid.append(card);
    }
  }
  const shownTraces = scene.traces.length ? scene.traces : swapRings(view);
  const svg = s("svg", {
    class: "th-svg", viewBox: `0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`, role: "group",
    "aria-label": `Treasure Hunt grid, seen from ${scene.turned ? "Purple" : "Green"}'s side`,
  },
  arrowMarkers(), labels(view, scene.turned), grid,
  traces({ ...scene, traces: shownTraces }), tokens(view, scene), stepChips(scene),
  previews(view, scene, previewMap)) as SVGSVGElement;
  return { svg, cards, previews: previewMap };
}

/** A card described for the screen reader and the tooltip: "Queen of Diamonds (Q♦) at c3". */
export function describeCard(code: string, cell: string): string {
  const card = parseCard(code);
  return `${card ? card.name : code} (${cardLabel(code)}) at ${cell}`;
}
