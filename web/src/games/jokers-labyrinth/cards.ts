// Playing cards and dice drawn in SVG, as the physical ones look: a white face with the rank and
// suit in the corner and a large pip (a framed letter for court cards, a star for a Joker), a
// patterned back for a face-down card, a die face with pips. Face-down cards carry no rank or
// suit anywhere in the DOM.
import { s } from "../../core/dom";
import { isRed, parseCard, rankLabel, SUIT_SYMBOL, type CardFace } from "./notation";

export const CARD_W = 56;
export const CARD_H = 78;

/** The back pattern, defined once per SVG (ids are per board so two boards never clash). */
export function cardBackPattern(id: string): SVGElement {
  return s("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" },
  s("rect", { width: 8, height: 8, fill: "#1f3f73" }),
  s("rect", { width: 4, height: 8, fill: "#2c5597" }));
}

function faceCentre(card: CardFace, w: number, h: number, colour: string): SVGElement {
  const cx = w / 2;
  const cy = h / 2 + 4;
  if (card.joker) {
    return s("g", {},
      s("text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 28, fill: colour }, "★"),
      s("text", { x: cx, y: h - 8, "text-anchor": "middle", "font-size": 8.5, "font-weight": 700,
        fill: colour, "letter-spacing": 1 }, "JOKER"));
  }
  const suit = SUIT_SYMBOL[card.suit!];
  if (card.rank >= 11) {
    return s("g", {},
      s("rect", { x: 12, y: 22, width: w - 24, height: h - 34, rx: 3, fill: "none",
        stroke: colour, "stroke-width": 1.2 }),
      s("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 20, "font-weight": 700,
        fill: colour }, rankLabel(card.rank)),
      s("text", { x: cx, y: cy + 18, "text-anchor": "middle", "font-size": 11, fill: colour },
        suit));
  }
  return s("text", { x: cx, y: cy + 9, "text-anchor": "middle",
    "font-size": card.rank === 1 ? 32 : 26, fill: colour }, suit);
}

/** A face-up card whose top-left corner is at (x, y), `scale` 1 for the board's size. */
export function cardFace(name: string, x: number, y: number, scale = 1): SVGGElement {
  const card = parseCard(name);
  const w = CARD_W;
  const h = CARD_H;
  const g = s("g", { class: "jl-card jl-face", transform: `translate(${x} ${y}) scale(${scale})`,
    "data-card": name });
  if (!card) return g;
  const colour = isRed(card) ? "#c62828" : "#1b1b1b";
  const corner = card.joker ? "JK" : rankLabel(card.rank);
  g.append(
    s("rect", { class: "jl-card-body", width: w, height: h, rx: 5,
      fill: card.resource ? "#fbf3dc" : "#ffffff", stroke: "#7a7a7a", "stroke-width": 1 }),
    s("text", { x: 5, y: 15, "font-size": 14, "font-weight": 700, fill: colour }, corner),
    faceCentre(card, w, h, colour),
  );
  if (!card.joker) {
    g.append(s("text", { x: 5, y: 27, "font-size": 11, fill: colour }, SUIT_SYMBOL[card.suit!]));
  }
  if (card.resource) {
    // The resource deck's cards are told apart by a star, as in the notation (`9H*`).
    g.append(s("text", { x: w - 5, y: 13, "text-anchor": "end", "font-size": 10, fill: "#8a6d1f" }, "✱"));
  }
  return g;
}

/** A face-down card: the patterned back only. */
export function cardBack(x: number, y: number, patternId: string, scale = 1): SVGGElement {
  return s("g", { class: "jl-card jl-back", transform: `translate(${x} ${y}) scale(${scale})` },
    s("rect", { class: "jl-card-body", width: CARD_W, height: CARD_H, rx: 5, fill: "#ffffff",
      stroke: "#7a7a7a", "stroke-width": 1 }),
    s("rect", { x: 4, y: 4, width: CARD_W - 8, height: CARD_H - 8, rx: 3,
      fill: `url(#${patternId})` }));
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.22], [0.73, 0.22], [0.27, 0.5], [0.73, 0.5], [0.27, 0.78], [0.73, 0.78]],
};

/** A die showing `value` (1–6), or a blank die when not rolled yet (value 0). */
export function dieFace(value: number, size: number, fill = "#fffdf7"): SVGSVGElement {
  return s("svg", { class: "jl-die", viewBox: "0 0 40 40", width: size, height: size,
    role: "img", "aria-label": value ? `die showing ${value}` : "die not rolled" },
  s("rect", { x: 1.5, y: 1.5, width: 37, height: 37, rx: 7, fill, stroke: "#444",
    "stroke-width": 2 }),
  ...(PIPS[value] ?? []).map(([px, py]) =>
    s("circle", { cx: 4 + px * 32, cy: 4 + py * 32, r: 3.6, fill: "#222" })),
  value ? null : s("text", { x: 20, y: 26, "text-anchor": "middle", "font-size": 16,
    fill: "#999" }, "?"));
}

/** A small card as its own SVG element, for hands and piles outside the board. */
export function miniCard(name: string | null, patternId: string, width = 38): SVGSVGElement {
  const svg = s("svg", { class: "jl-mini", viewBox: `0 0 ${CARD_W} ${CARD_H}`, width,
    height: (width * CARD_H) / CARD_W });
  svg.append(name ? cardFace(name, 0, 0) : cardBack(0, 0, patternId));
  return svg;
}
