// The Dungeon as the table looks: the 7 × 7 grid of cards (backs for face-down cards, faces once
// turned up, a Guardian lying across its Ace, a dropped Joker askew) inside the ring of floor
// cells where the Jacks start, the players' Jacks standing on their cells in their colours.
import { s } from "../../core/dom";
import type { View } from "../types";
import { CARD_H, CARD_W, cardBack, cardBackPattern, cardFace } from "./cards";
import {
  cellName, cardShort, cardWords, COLUMNS, isRing, parseBoardCell, SIDE, START_SPOTS, SUIT_SYMBOL,
  type CellContent, type SuitLetter,
} from "./notation";

export const PLAYER_COLOURS = ["#d8433a", "#2f74d0", "#2e9e57", "#b9780f"];
export const PITCH_X = CARD_W + 8;
export const PITCH_Y = CARD_H + 8;
const MARGIN = 22;
export const BOARD_W = MARGIN + SIDE * PITCH_X + 4;
export const BOARD_H = MARGIN + SIDE * PITCH_Y + 4;

/** What the board needs besides the view: what is clickable and what to highlight. */
export interface BoardMarks {
  patternId: string;
  /** Tokens the player may click now (`cell:c3`, `seat:P2`). */
  clickable: Set<string>;
  selected: Set<string>;
  recent: Set<string>;
  /** A label in words for a clickable token. */
  label(token: string): string;
  /** Cells drawn before, by name: a cell whose drawing inputs are unchanged is reused. */
  cache?: Map<string, { signature: string; el: SVGGElement }>;
}

function cellOrigin(row: number, col: number): [number, number] {
  return [MARGIN + col * PITCH_X + 4, MARGIN + row * PITCH_Y + 4];
}

function markInteractive(el: SVGElement, token: string, marks: BoardMarks): void {
  el.setAttribute("data-key", token);
  const selected = marks.selected.has(token);
  if (selected) el.classList.add("jl-selected");
  if (!marks.clickable.has(token) && !selected) return;
  el.classList.add("jl-can");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", selected ? `Cancel: ${marks.label(token)}` : marks.label(token));
}

function contentWords(content: CellContent): string {
  switch (content.kind) {
    case "empty": return "empty";
    case "down": return content.peeked ? `face down (you peeked: ${cardWords(content.peeked)})`
      : "a face-down card";
    case "up": {
      const guard = content.guardian ? `, guarded by ${cardWords(content.guardian)}` : "";
      return `${cardWords(content.card)}${guard}${content.dropped ? " (dropped)" : ""}`;
    }
  }
}

/** Whether the view shows every card (the end of the game, an omniscient replay). */
function showsAll(view: View): boolean {
  return view.phase === "over" || (typeof view.observer === "number" && view.observer < 0);
}

function drawContent(content: CellContent, x: number, y: number, patternId: string,
  revealDown: boolean): SVGElement[] {
  switch (content.kind) {
    case "empty":
      return [];
    case "down": {
      if (content.peeked && revealDown) {
        // Still face down on the table, but known to this observer: drawn face up, dimmed.
        const face = cardFace(content.peeked, x, y);
        face.classList.add("jl-still-down");
        return [face];
      }
      const out: SVGElement[] = [cardBack(x, y, patternId)];
      if (content.peeked) {
        out.push(s("g", { class: "jl-peek-tag" },
          s("rect", { x: x + 6, y: y + CARD_H - 24, width: CARD_W - 12, height: 18, rx: 4,
            fill: "#fff8d6", stroke: "#b08a1a" }),
          s("text", { x: x + CARD_W / 2, y: y + CARD_H - 11, "text-anchor": "middle",
            "font-size": 11, "font-weight": 700, fill: "#5a4300" }, `seen ${cardShort(content.peeked)}`)));
      }
      if (content.group !== null) {
        out.push(s("text", { class: "jl-group-tag", x: x + CARD_W - 6, y: y + 16,
          "text-anchor": "end", "font-size": 11, "font-weight": 700, fill: "#ffe9a8" },
        `~${content.group}`));
      }
      return out;
    }
    case "up": {
      const face = cardFace(content.card, x, y);
      if (content.dropped) {
        face.setAttribute("transform",
          `rotate(-8 ${x + CARD_W / 2} ${y + CARD_H / 2}) translate(${x} ${y})`);
      }
      const out: SVGElement[] = [face];
      if (content.guardian) {
        out.push(cardFace(content.guardian, x + 14, y + 26, 0.62));
        out.push(s("text", { x: x + 2, y: y + CARD_H + 6, "font-size": 9, fill: "#ffe9a8" },
          "guarded"));
      }
      if (content.dropped) {
        out.push(s("text", { x: x + CARD_W / 2, y: y + CARD_H + 6, "text-anchor": "middle",
          "font-size": 9, fill: "#ffe9a8" }, "dropped"));
      }
      return out;
    }
  }
}

/** Everything drawCell reads, as one string: equal signatures draw equal cells. */
function cellSignature(view: View, row: number, col: number, marks: BoardMarks): string {
  const name = cellName(row, col);
  const token = `cell:${name}`;
  return JSON.stringify([view.board[row][col], showsAll(view), marks.recent.has(name),
    view.combat?.target === name, marks.selected.has(token),
    marks.clickable.has(token) || marks.selected.has(token) ? marks.label(token) : null,
    marks.patternId]);
}

function cachedCell(view: View, row: number, col: number, marks: BoardMarks): SVGGElement {
  if (!marks.cache) return drawCell(view, row, col, marks);
  const name = cellName(row, col);
  const signature = cellSignature(view, row, col, marks);
  const hit = marks.cache.get(name);
  if (hit && hit.signature === signature) return hit.el;
  const el = drawCell(view, row, col, marks);
  marks.cache.set(name, { signature, el });
  return el;
}

function drawCell(view: View, row: number, col: number, marks: BoardMarks): SVGGElement {
  const name = cellName(row, col);
  const [x, y] = cellOrigin(row, col);
  const content = parseBoardCell(view.board[row][col] ?? "");
  const ring = isRing(row, col);
  const classes = ["jl-cell", ring && "jl-ring", marks.recent.has(name) && "jl-recent",
    view.combat?.target === name && "jl-target"].filter(Boolean).join(" ");
  const g = s("g", { class: classes, "data-cell": name });
  g.append(s("rect", { class: "jl-slot", x: x - 2, y: y - 2, width: CARD_W + 4, height: CARD_H + 4,
    rx: 6 }));
  if (ring && START_SPOTS.includes(name)) {
    g.append(s("text", { class: "jl-start", x: x + CARD_W / 2, y: y + CARD_H / 2 + 4,
      "text-anchor": "middle", "font-size": 10 }, "start"));
  }
  g.append(...drawContent(content, x, y, marks.patternId, showsAll(view)));
  markInteractive(g, `cell:${name}`, marks);
  if (marks.clickable.has(`cell:${name}`)) {
    g.setAttribute("aria-label", `${marks.label(`cell:${name}`)} (${name}: ${contentWords(content)})`);
  }
  return g;
}

function drawJack(view: View, seat: number, marks: BoardMarks): SVGGElement | null {
  const player = view.players[seat];
  const cell = typeof player.cell === "string" ? /^([zabcdefgh])([0-8])$/.exec(player.cell) : null;
  if (!cell) return null;
  const [x, y] = cellOrigin(Number(cell[2]), COLUMNS.indexOf(cell[1]));
  const cx = x + CARD_W / 2;
  const cy = y + CARD_H / 2;
  const suit = SUIT_SYMBOL[player.jack as SuitLetter] ?? "";
  const g = s("g", { class: "jl-jack", "data-seat": player.seat },
    s("circle", { cx, cy: cy + 2, r: 23, fill: "rgba(0,0,0,0.35)" }),
    s("circle", { class: "jl-jack-body", cx, cy, r: 22, fill: PLAYER_COLOURS[seat],
      stroke: "#fff", "stroke-width": 3 }),
    s("text", { x: cx, y: cy - 1, "text-anchor": "middle", "font-size": 16, "font-weight": 700,
      fill: "#fff" }, `J${suit}`),
    s("text", { x: cx, y: cy + 13, "text-anchor": "middle", "font-size": 10, fill: "#fff" },
      player.seat));
  markInteractive(g, `seat:${player.seat}`, marks);
  return g;
}

function drawLabels(): SVGElement[] {
  const out: SVGElement[] = [];
  for (let i = 0; i < SIDE; ++i) {
    const [x, y] = cellOrigin(i, i);
    out.push(s("text", { class: "jl-axis", x: x + CARD_W / 2, y: MARGIN - 6, "text-anchor": "middle" },
      COLUMNS[i]));
    out.push(s("text", { class: "jl-axis", x: MARGIN / 2, y: y + CARD_H / 2 + 4, "text-anchor": "middle" },
      String(i)));
  }
  return out;
}

/** The whole board SVG for `view`. */
export function drawDungeon(view: View, marks: BoardMarks): SVGSVGElement {
  const [dx, dy] = cellOrigin(1, 1);
  const svg = s("svg", { class: "jl-dungeon", viewBox: `0 0 ${BOARD_W} ${BOARD_H}`,
    role: "group", "aria-label": "The Dungeon: 7 by 7 cards inside the ring" },
  s("defs", {}, cardBackPattern(marks.patternId)),
  s("rect", { class: "jl-floor", x: 0, y: 0, width: BOARD_W, height: BOARD_H, rx: 10 }),
  s("rect", { class: "jl-dungeon-area", x: dx - 6, y: dy - 6, width: 7 * PITCH_X + 4,
    height: 7 * PITCH_Y + 4, rx: 8 }),
  drawLabels());
  for (let row = 0; row < SIDE; ++row) {
    for (let col = 0; col < SIDE; ++col) svg.append(cachedCell(view, row, col, marks));
  }
  for (let seat = 0; seat < view.players.length; ++seat) {
    const jack = drawJack(view, seat, marks);
    if (jack) svg.append(jack);
  }
  return svg;
}
