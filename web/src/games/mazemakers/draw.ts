// The board as SVG, drawn like the physical game: piecepack tiles (2×2 squares each) on the table,
// START in the corner, pentomino walls standing on the tiles (or holes on the No-Pentominos
// board), coins number side up, suit-up control coins on walls, the pawns. On top, one layer of
// transparent hit targets: exactly what can be clicked now, nothing else.
import { s } from "../../core/dom";
import type { Cell } from "./pentominoes";
import { numberCoin, pawn, suitCoin, suitColour } from "./pieces";
import { type BoardModel, squareOf, suitOfSeat, wallCentre, type WallInfo } from "./model";
import type { RecentMoves } from "./recent";
import { spelledSeat } from "../seat-names";

export const CELL = 40;
const MARGIN = 24;

// A classic wooden pentomino set: one colour per piece.
const PIECE_COLOURS: Record<string, string> = {
  F: "#b5651d", I: "#8e6c8a", L: "#4f7cac", N: "#6a994e", P: "#c9a227", T: "#a44a3f",
  U: "#3d8b8b", V: "#7d5ba6", W: "#b8860b", X: "#5c6f7b", Y: "#9c6644", Z: "#6d8f3f",
};

const x = (col: number) => MARGIN + col * CELL;
const y = (row: number) => MARGIN + row * CELL;

/** One clickable thing on the board: its data attribute, its squares, and what it says. */
export interface HitTarget {
  attr: "data-cell" | "data-pos" | "data-wall";
  value: string;
  /** Squares the target covers (one for a square, four for a tile position, five for a wall). */
  squares: Cell[];
  label: string;
  /** Offered moves are marked; other targets (e.g. squares under a picked-up wall) are not. */
  marked: boolean;
  /** The thing picked up (clicking it again puts it back). */
  selected?: boolean;
  activate(): void;
  hover?(): void;
}

export interface BoardPicture {
  model: BoardModel;
  recent: RecentMoves;
  /** The pawn being moved this turn, emphasised. */
  mover: string | null;
  /** The square being fought over (a block or a monster), ringed. */
  contested: string | null;
}

function tileShape(topLeft: Cell, cls: string): SVGElement[] {
  const [r, c] = topLeft;
  const pad = 1.5;
  return [
    s("rect", { x: x(c) + pad, y: y(r) + pad, width: 2 * CELL - 2 * pad, height: 2 * CELL - 2 * pad, rx: 5, class: cls }),
    // The piecepack tile's printed grid: four small squares.
    s("path", {
      d: `M${x(c + 1)} ${y(r) + 5} V${y(r + 2) - 5} M${x(c) + 5} ${y(r + 1)} H${x(c + 2) - 5}`,
      class: "mm-tile-grid",
    }),
  ];
}

/** The part of the board worth drawing, in squares (first and last row and column). */
interface Crop {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/**
 * The pentomino board is drawn whole. The No-Pentominos window (9×9 tile positions) is mostly
 * table: it is cut to the tiles' bounding box plus one tile position around it, which holds every
 * place a tile may move to and every hole, so the board stays large on a phone.
 */
function cropOf(model: BoardModel): Crop {
  if (!model.tilesBoard) return { top: 0, left: 0, bottom: model.side - 1, right: model.side - 1 };
  const corners = [...model.tiles, model.start];
  const rows = corners.map(([r]) => r);
  const cols = corners.map(([, c]) => c);
  return {
    top: Math.max(0, Math.min(...rows) - 2), left: Math.max(0, Math.min(...cols) - 2),
    bottom: Math.min(model.side - 1, Math.max(...rows) + 3), right: Math.min(model.side - 1, Math.max(...cols) + 3),
  };
}

function coordinates(crop: Crop, fontSize: number): SVGElement {
  const g = s("g", { class: "mm-coords", "aria-hidden": "true", "font-size": fontSize });
  for (let c = crop.left; c <= crop.right; ++c) {
    g.append(s("text", { x: x(c) + CELL / 2, y: y(crop.top) - 8 }, String.fromCharCode(97 + c)));
  }
  for (let r = crop.top; r <= crop.bottom; ++r) {
    g.append(s("text", { x: x(crop.left) - 6, y: y(r) + CELL / 2 + 4, class: "mm-row-label" }, String(r + 1)));
  }
  return g;
}

function startArea(model: BoardModel): SVGElement {
  const [r, c] = model.start;
  const g = s("g", { class: "mm-start" });
  if (model.tilesBoard) g.append(...tileShape(model.start, "mm-tile mm-start-tile"));
  else g.append(s("rect", { x: x(c) + 3, y: y(r) + 3, width: 2 * CELL - 6, height: 2 * CELL - 6, rx: 6, class: "mm-start-hole" }));
  g.append(s("text", { x: x(c + 1), y: y(r + 1) + 4, class: "mm-start-label" }, "START"));
  return g;
}

function wallOutline(wall: WallInfo): string {
  const has = (r: number, c: number) => wall.squares.some(([a, b]) => a === r && b === c);
  let d = "";
  for (const [r, c] of wall.squares) {
    if (!has(r - 1, c)) d += `M${x(c)} ${y(r)}H${x(c + 1)}`;
    if (!has(r + 1, c)) d += `M${x(c)} ${y(r + 1)}H${x(c + 1)}`;
    if (!has(r, c - 1)) d += `M${x(c)} ${y(r)}V${y(r + 1)}`;
    if (!has(r, c + 1)) d += `M${x(c + 1)} ${y(r)}V${y(r + 1)}`;
  }
  return d;
}

function controlCoins(wall: WallInfo, model: BoardModel): SVGElement | null {
  if (wall.coins === 0) return null;
  const [r, c] = model.tilesBoard ? wall.squares[0] : wallCentre(wall);
  const cx = model.tilesBoard ? x(c + 1) : x(c) + CELL / 2;
  const cy = model.tilesBoard ? y(r + 1) : y(r) + CELL / 2;
  const suit = suitOfSeat(model, wall.owner);
  const g = s("g", { class: "mm-control" });
  // A stack: each further coin a little higher, as coins piled on a wall.
  for (let k = 0; k < wall.coins; ++k) g.append(suitCoin(cx, cy - 4 * k, 13, suit));
  if (wall.coins > 1) g.append(s("text", { x: cx + 15, y: cy + 14, class: "mm-stack-count" }, `×${wall.coins}`));
  g.append(s("title", {}, `${spelledSeat(wall.owner ?? "")}'s ${wall.coins} coin${wall.coins > 1 ? "s" : ""}`));
  return g;
}

function pentominoWall(wall: WallInfo, model: BoardModel, recent: boolean): SVGElement {
  const colour = PIECE_COLOURS[wall.id] ?? "#777";
  const g = s("g", { class: `mm-wall${recent ? " mm-recent-wall" : ""}`, "data-letter": wall.id },
    s("title", {}, `wall ${wall.id}${wall.owner ? `, held by ${spelledSeat(wall.owner)}` : ""}`));
  // Shadow first, then the squares, then the piece's outline: a raised block.
  for (const [r, c] of wall.squares) g.append(s("rect", { x: x(c) + 3, y: y(r) + 4, width: CELL, height: CELL, class: "mm-wall-shadow" }));
  for (const [r, c] of wall.squares) g.append(s("rect", { x: x(c), y: y(r), width: CELL, height: CELL, fill: colour, class: "mm-wall-square" }));
  for (const [r, c] of wall.squares) g.append(s("rect", { x: x(c) + 4, y: y(r) + 4, width: CELL - 8, height: CELL - 8, class: "mm-wall-top" }));
  g.append(s("path", { d: wallOutline(wall), class: "mm-wall-edge" }));
  // The letter on the first square the control coins leave uncovered.
  const [cr, cc] = wallCentre(wall);
  const [r0, c0] = wall.coins > 0 ? wall.squares.find(([r, c]) => r !== cr || c !== cc)! : wall.squares[0];
  g.append(s("text", { x: x(c0) + 7, y: y(r0) + 14, class: "mm-wall-letter" }, wall.id));
  const coins = controlCoins(wall, model);
  if (coins) g.append(coins);
  return g;
}

function hole(wall: WallInfo, model: BoardModel, recent: boolean): SVGElement {
  return s("g", { class: `mm-hole${recent ? " mm-recent-wall" : ""}` }, controlCoins(wall, model));
}

function pawns(model: BoardModel, mover: string | null): SVGElement {
  const g = s("g", { class: "mm-pawns" });
  const [sr, sc] = model.start;
  const onStart = model.players.filter((p) => p.pawn === "start");
  const startSpots: [number, number][] = [[0.55, 0.6], [1.45, 0.6], [0.55, 1.5], [1.45, 1.5]];
  const seen = new Map<string, number>();
  for (const p of model.players) {
    if (!p.pawn) continue;
    let px: number, py: number;
    if (p.pawn === "start") {
      const [dx, dy] = startSpots[onStart.indexOf(p) % 4];
      [px, py] = [x(sc) + dx * CELL, y(sr) + dy * CELL];
    } else {
      const [r, c] = squareOf(p.pawn);
      const k = seen.get(p.pawn) ?? 0; // a mover passing through another pawn stands beside it
      seen.set(p.pawn, k + 1);
      [px, py] = [x(c) + CELL / 2 + k * 9, y(r) + CELL / 2 - k * 4];
    }
    const piece = pawn(px, py, 26, p.suit, p.seat.slice(1));
    piece.setAttribute("data-pawn", p.seat);
    if (p.seat === mover) piece.classList.add("mm-mover");
    piece.append(s("title", {}, `${spelledSeat(p.seat)}${p.suit ? ` (${p.suit})` : ""} on ${p.pawn}`));
    g.append(piece);
  }
  return g;
}

function recentLayer(model: BoardModel, recent: RecentMoves): SVGElement {
  const g = s("g", { class: "mm-recent" });
  const centre = (square: string): [number, number] => {
    if (square === "start") return [x(model.start[1] + 1), y(model.start[0] + 1)];
    const [r, c] = squareOf(square);
    return [x(c) + CELL / 2, y(r) + CELL / 2];
  };
  for (const position of recent.positions) {
    const [r, c] = squareOf(position);
    g.append(s("rect", { x: x(c) + 1, y: y(r) + 1, width: 2 * CELL - 2, height: 2 * CELL - 2, rx: 6, class: "mm-recent-position" }));
  }
  for (const path of recent.paths) {
    const colour = suitColour(model.players[path.seat]?.suit);
    const points = path.squares.map(centre);
    for (const [px, py] of points) g.append(s("circle", { cx: px, cy: py, r: 7, fill: colour, class: "mm-trail-dot" }));
    if (points.length > 1) {
      g.append(s("polyline", { points: points.map((p) => p.join(",")).join(" "), stroke: colour, class: "mm-trail" }));
    }
  }
  return g;
}

/**
 * Replaces the hit targets (after every click that changes what can be clicked). One set of
 * listeners on the group finds the target by element: cheaper than listeners on every square.
 */
export function fillHitLayer(g: SVGGElement, targets: HitTarget[]): void {
  const byElement = new Map<Element, HitTarget>();
  const rects: SVGElement[] = [];
  for (const t of targets) {
    const cls = `mm-hit${t.marked ? " mm-target" : ""}${t.selected ? " mm-selected" : ""}`;
    if (t.attr === "data-wall") {
      // Every square of the wall picks it up; the first one carries the name (and the focus).
      t.squares.forEach(([r, c], i) => rects.push(s("rect", {
        x: x(c), y: y(r), width: CELL, height: CELL, class: cls,
        ...(i === 0 ? { "data-wall": t.value, tabindex: 0, role: "button", "aria-label": t.label } : {}),
      })));
    } else {
      const rows = t.squares.map((q) => q[0]);
      const cols = t.squares.map((q) => q[1]);
      const [r0, c0] = [Math.min(...rows), Math.min(...cols)];
      const [h, w] = [Math.max(...rows) - r0 + 1, Math.max(...cols) - c0 + 1];
      rects.push(s("rect", {
        [t.attr]: t.value, tabindex: t.marked || t.selected ? 0 : -1, role: "button", "aria-label": t.label,
        x: x(c0) + 2, y: y(r0) + 2, width: w * CELL - 4, height: h * CELL - 4, class: cls,
      }));
    }
    for (let k = rects.length - (t.attr === "data-wall" ? t.squares.length : 1); k < rects.length; ++k) {
      byElement.set(rects[k], t);
    }
  }
  g.replaceChildren(...rects);
  hitTargetsOf.set(g, byElement);
  if (!listening.has(g)) {
    listening.add(g);
    const find = (e: Event) => hitTargetsOf.get(g)?.get(e.target as Element);
    const activate = (e: Event) => {
      const target = find(e);
      if (!target) return;
      e.preventDefault();
      e.stopPropagation();
      target.activate();
    };
    g.addEventListener("click", activate);
    g.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && activate(e));
    g.addEventListener("mouseover", (e) => find(e)?.hover?.());
    g.addEventListener("focusin", (e) => find(e)?.hover?.());
  }
}

const hitTargetsOf = new WeakMap<SVGGElement, Map<Element, HitTarget>>();
const listening = new WeakSet<SVGGElement>();

/**
 * The whole board. `preview` (a piece shown where it would go) and `hits` (the clickable targets)
 * are empty groups the caller fills as the player clicks, without redrawing the rest.
 */
export function drawBoard(picture: BoardPicture, preview: SVGGElement, hits: SVGGElement): SVGSVGElement {
  const { model, recent } = picture;
  const crop = cropOf(model);
  const [left, top] = [x(crop.left) - MARGIN, y(crop.top) - MARGIN];
  const [width, height] = [x(crop.right + 1) + MARGIN - left, y(crop.bottom + 1) + MARGIN - top];
  const svg = s("svg", {
    class: "mm-svg", viewBox: `${left} ${top} ${width} ${height}`, role: "img",
    "aria-label": model.tilesBoard ? "MazeMakers board without pentominoes" : "MazeMakers board",
  });
  svg.append(s("rect", { x: left, y: top, width, height, rx: 10, class: "mm-table" }), coordinates(crop, model.tilesBoard ? 17 : 13));
  if (model.tilesBoard) {
    // The 9×9 window of tile positions: faint marks where a tile may go.
    for (let r = crop.top; r <= crop.bottom; r += 2) for (let c = crop.left; c <= crop.right; c += 2) {
      svg.append(s("rect", { x: x(c) + 4, y: y(r) + 4, width: 2 * CELL - 8, height: 2 * CELL - 8, rx: 6, class: "mm-slot" }));
    }
  }
  for (const t of model.tiles) svg.append(...tileShape(t, "mm-tile"));
  svg.append(startArea(model), recentLayer(model, recent));
  for (const wall of model.walls) {
    const isRecent = recent.walls.includes(wall.id) || recent.positions.includes(wall.id);
    svg.append(model.tilesBoard ? hole(wall, model, isRecent) : pentominoWall(wall, model, isRecent));
  }
  for (const coin of model.coins) {
    const [r, c] = squareOf(coin.square);
    const g = numberCoin(x(c) + CELL / 2, y(r) + CELL / 2, 14, coin.value, coin.suit);
    const monster = coin.monsterFor.length ? `; a monster for ${coin.monsterFor.map(spelledSeat).join(", ")}` : "";
    g.append(s("title", {}, `coin ${coin.value} on ${coin.square}${coin.suit ? ` (${coin.suit})` : ""}${monster}`));
    coin.monsterFor.forEach((seat, i) => g.append(s("circle", {
      cx: x(c) + 6 + i * 7, cy: y(r) + CELL - 6, r: 3, fill: suitColour(suitOfSeat(model, seat)), class: "mm-monster-mark",
    })));
    svg.append(g);
  }
  if (picture.contested) {
    const [r, c] = squareOf(picture.contested);
    svg.append(s("rect", { x: x(c) + 2, y: y(r) + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: "mm-contested" },
      s("title", {}, `fight on ${picture.contested}`)));
  }
  svg.append(pawns(model, picture.mover), preview, hits);
  return svg;
}

/** Draws a piece's five squares where it would go. */
export function drawPreview(group: SVGGElement, squares: Cell[]): void {
  group.replaceChildren(...squares.map(([r, c]) =>
    s("rect", { x: x(c) + 2, y: y(r) + 2, width: CELL - 4, height: CELL - 4, rx: 3, class: "mm-preview-square" })));
}
