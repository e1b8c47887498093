// Card faces in SVG, drawn in a CARD_W × CARD_H box: standard playing cards (corner indices, the
// pips laid out as on a real deck, framed court cards) and the specialized deck (coloured arrow
// cards pointing their way on the observer's screen, gold Treasure cards). Suits are paths, not
// font glyphs, so they look the same in every browser.
import { s } from "../../core/dom";
import { isRedSuit, parseCard, type Card } from "./cards";
import { arrowRotation, opposite, type Direction } from "./geometry";

export const CARD_W = 100;
export const CARD_H = 140;

const SUIT_PATHS: Record<string, string> = {
  D: "M0 -0.5 L0.38 0 L0 0.5 L-0.38 0 Z",
  H: "M0 0.46 C-0.56 0.06 -0.5 -0.46 -0.25 -0.46 C-0.1 -0.46 0 -0.32 0 -0.22 C0 -0.32 0.1 -0.46 0.25 -0.46 C0.5 -0.46 0.56 0.06 0 0.46 Z",
  S: "M0 -0.5 C0.56 -0.08 0.5 0.3 0.25 0.3 C0.13 0.3 0.05 0.23 0.03 0.17 L0.12 0.5 L-0.12 0.5 L-0.03 0.17 C-0.05 0.23 -0.13 0.3 -0.25 0.3 C-0.5 0.3 -0.56 -0.08 0 -0.5 Z",
  C: "M-0.21 -0.24 a0.21 0.21 0 1 0 0.42 0 a0.21 0.21 0 1 0 -0.42 0 Z M-0.45 0.1 a0.21 0.21 0 1 0 0.42 0 a0.21 0.21 0 1 0 -0.42 0 Z M0.03 0.1 a0.21 0.21 0 1 0 0.42 0 a0.21 0.21 0 1 0 -0.42 0 Z M-0.05 0 L0.05 0 L0.13 0.5 L-0.13 0.5 Z",
};

/** An arrow pointing up in a unit box centred on 0,0. */
const ARROW_PATH = "M0 -0.5 L0.42 -0.02 L0.16 -0.02 L0.16 0.5 L-0.16 0.5 L-0.16 -0.02 L-0.42 -0.02 Z";

const SPECIAL_COLOURS: Record<string, { fill: string; ink: string }> = {
  R: { fill: "#c8302c", ink: "#fff" },
  B: { fill: "#2453b8", ink: "#fff" },
  Y: { fill: "#f0c020", ink: "#3b2f00" },
  G: { fill: "#2e8b46", ink: "#fff" },
  T: { fill: "#f6e7b0", ink: "#6b4a00" },
};

/** Pip centres for ranks 2–10 in a unit box (x 0 | 0.5 | 1, y top 0 → bottom 1). */
const PIP_LAYOUTS: Record<number, [number, number][]> = {
  2: [[0.5, 0], [0.5, 1]],
  3: [[0.5, 0], [0.5, 0.5], [0.5, 1]],
  4: [[0, 0], [1, 0], [0, 1], [1, 1]],
  5: [[0, 0], [1, 0], [0.5, 0.5], [0, 1], [1, 1]],
  6: [[0, 0], [1, 0], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  7: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  8: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0.5, 0.75], [0, 1], [1, 1]],
  9: [[0, 0], [1, 0], [0, 1 / 3], [1, 1 / 3], [0.5, 0.5], [0, 2 / 3], [1, 2 / 3], [0, 1], [1, 1]],
  10: [[0, 0], [1, 0], [0.5, 1 / 6], [0, 1 / 3], [1, 1 / 3], [0, 2 / 3], [1, 2 / 3], [0.5, 5 / 6], [0, 1], [1, 1]],
};

export function suitShape(suit: string, x: number, y: number, size: number, upsideDown = false): SVGElement {
  return s("path", {
    d: SUIT_PATHS[suit],
    transform: `translate(${x} ${y}) scale(${size})${upsideDown ? " rotate(180)" : ""}`,
  });
}

export function arrowShape(dir: Direction, x: number, y: number, size: number, attrs = {}): SVGElement {
  return s("path", {
    d: ARROW_PATH,
    transform: `translate(${x} ${y}) rotate(${arrowRotation(dir)}) scale(${size})`,
    ...attrs,
  });
}

/** Draws a corner's small symbol; `upsideDown` for the bottom-right copy, which is turned 180°. */
type CornerSymbol = (x: number, y: number, upsideDown: boolean) => SVGElement;

/** The rank and a small symbol in the top-left corner, and again upside down bottom-right. */
function cornerIndices(rank: string, symbol: CornerSymbol, ink: string): SVGElement[] {
  const index = (upsideDown: boolean) =>
    s("g", { class: "th-index", transform: upsideDown ? `rotate(180 ${CARD_W / 2} ${CARD_H / 2})` : undefined, fill: ink },
      s("text", { x: 13, y: 25, "text-anchor": "middle", "font-size": rank.length > 1 ? 19 : 22,
        "font-weight": 700, "letter-spacing": rank.length > 1 ? -1.5 : 0 }, rank),
      symbol(13, 38, upsideDown));
  return [index(false), index(true)];
}

function standardFace(card: Card): SVGElement[] {
  const ink = isRedSuit(card.group) ? "#c0262d" : "#1b1b1f";
  const parts: SVGElement[] = cornerIndices(card.rank, (x, y) => suitShape(card.group, x, y, 14), ink);
  const pips = s("g", { fill: ink, class: "th-pips" });
  if (card.value === 1) {
    pips.append(suitShape(card.group, CARD_W / 2, CARD_H / 2, 44));
  } else if (card.value <= 10) {
    for (const [px, py] of PIP_LAYOUTS[card.value]) {
      pips.append(suitShape(card.group, 35 + px * 30, 30 + py * 80, card.value === 10 ? 17 : 19, py > 0.5));
    }
  } else {
    pips.append(
      s("rect", { x: 25, y: 24, width: 50, height: 92, rx: 4, fill: isRedSuit(card.group) ? "#fbeaea" : "#eceef3",
        stroke: ink, "stroke-width": 1.5 }),
      s("text", { x: CARD_W / 2, y: 74, "text-anchor": "middle", "font-size": 38, "font-family": "DejaVu Serif, Georgia, serif",
        "font-weight": 700 }, card.rank),
      suitShape(card.group, CARD_W / 2, 96, 20),
    );
  }
  parts.push(pips);
  return parts;
}

function specializedFace(card: Card, dir: Direction | undefined): SVGElement[] {
  const colours = SPECIAL_COLOURS[card.group];
  const parts: SVGElement[] = [
    s("rect", { x: 5, y: 5, width: CARD_W - 10, height: CARD_H - 10, rx: 6, fill: colours.fill }),
  ];
  if (card.treasure) {
    parts.push(
      s("circle", { cx: CARD_W / 2, cy: 62, r: 26, fill: "#e0a81c", stroke: "#8a6100", "stroke-width": 3 }),
      s("circle", { cx: CARD_W / 2, cy: 62, r: 19, fill: "none", stroke: "#fff2bf", "stroke-width": 1.5 }),
      s("text", { x: CARD_W / 2, y: 71, "text-anchor": "middle", "font-size": 26, "font-weight": 700, fill: "#5a3d00" },
        card.rank),
    );
    if (dir) parts.push(arrowShape(dir, CARD_W / 2, 108, 20, { fill: colours.ink, opacity: 0.75 }));
  } else if (dir) {
    parts.push(arrowShape(dir, CARD_W / 2, CARD_H / 2, 58, { fill: colours.ink }));
  }
  // The bottom corner is turned 180° with its rank; its arrow is drawn reversed so that it still
  // points the card's way, as the big arrow does.
  const symbol: CornerSymbol = (x, y, upsideDown) =>
    card.treasure ? s("circle", { cx: x, cy: y - 2, r: 5, fill: "#e0a81c", stroke: "#8a6100" })
      : dir ? arrowShape(upsideDown ? opposite(dir) : dir, x, y - 2, 12, { fill: colours.ink }) : s("g");
  parts.push(...cornerIndices(card.rank, symbol, colours.ink));
  return parts;
}

/**
 * One card face in a CARD_W × CARD_H box. `directionOf` tells which way a card points on this
 * observer's screen (the specialized deck prints its arrows on the cards).
 */
export function cardFace(code: string, directionOf: (card: Card) => Direction | undefined): SVGElement {
  const card = parseCard(code);
  const face = s("g", { class: "th-face" },
    s("rect", { class: "th-card-paper", x: 0, y: 0, width: CARD_W, height: CARD_H, rx: 8 }));
  if (!card) {
    face.append(s("text", { x: CARD_W / 2, y: CARD_H / 2, "text-anchor": "middle" }, code));
  } else if (card.deck === "standard") {
    face.append(...standardFace(card));
  } else {
    face.append(...specializedFace(card, directionOf(card)));
  }
  return face;
}
