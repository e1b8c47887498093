// Playing cards drawn in SVG: a face with corner indices and a large centre pip, or the patterned
// back of a face-down card (which carries nothing about the card: no rank, no suit, no attribute).
import { s } from "../../core/dom";
import { cardFace, isRed, SUIT_SYMBOL } from "./model";

export const CARD_W = 60;
export const CARD_H = 84;

let patternCounter = 0;

/** The <defs> with the back pattern; returns it and the pattern's id (unique per board). */
export function cardDefs(): { defs: SVGDefsElement; backFill: string } {
  const id = `pfc-back-${++patternCounter}`;
  const defs = s("defs", {},
    s("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
    s("rect", { width: 8, height: 8, fill: "#23408e" }),
    s("rect", { width: 4, height: 4, fill: "#2f56b8" }),
    s("rect", { x: 4, y: 4, width: 4, height: 4, fill: "#2f56b8" })));
  return { defs, backFill: `url(#${id})` };
}

/** A face-up card's drawing (origin at its top-left corner). */
export function cardFaceGroup(code: string, width = CARD_W, height = CARD_H): SVGGElement {
  const face = cardFace(code);
  const colour = face.joker ? "#6b2fa0" : isRed(code) ? "#c8102e" : "#1a1a1a";
  const k = width / CARD_W;
  const g = s("g", { class: "pfc-face", fill: colour },
    s("rect", { class: "pfc-card-paper", width, height, rx: 5 * k }));
  if (face.joker) {
    g.append(
      s("text", { x: width / 2, y: height * 0.5, "font-size": 30 * k, "text-anchor": "middle",
        "dominant-baseline": "central" }, "★"),
      s("text", { x: width / 2, y: height * 0.18, "font-size": 11 * k, "text-anchor": "middle",
        "font-weight": "bold", "dominant-baseline": "central" }, "JOKER"),
      s("text", { x: width / 2, y: height * 0.84, "font-size": 11 * k, "text-anchor": "middle",
        "font-weight": "bold", "dominant-baseline": "central" }, "JOKER"),
    );
    return g;
  }
  const pip = SUIT_SYMBOL[face.suit!];
  const corner = (x: number, y: number, rotate: boolean) =>
    s("g", { transform: `translate(${x} ${y})${rotate ? " rotate(180)" : ""}` },
      s("text", { x: 0, y: 0, "font-size": 15 * k, "font-weight": "bold", "text-anchor": "middle",
        "dominant-baseline": "hanging" }, face.rank),
      s("text", { x: 0, y: 16 * k, "font-size": 12 * k, "text-anchor": "middle",
        "dominant-baseline": "hanging" }, pip));
  g.append(
    corner(10 * k, 4 * k, false),
    corner(width - 10 * k, height - 4 * k, true),
    s("text", { x: width / 2, y: height / 2, "font-size": 34 * k, "text-anchor": "middle",
      "dominant-baseline": "central" }, pip),
  );
  return g;
}

/** A face-down card's back: the same for every card, so it tells nothing. */
export function cardBackGroup(backFill: string, width = CARD_W, height = CARD_H): SVGGElement {
  return s("g", { class: "pfc-back" },
    s("rect", { class: "pfc-card-paper", width, height, rx: 5 }),
    s("rect", { x: 4, y: 4, width: width - 8, height: height - 8, rx: 3, fill: backFill }));
}

/** A small stand-alone card (hand, Compass, discards) as its own <svg>. */
export function smallCardSvg(code: string | null, backFill: string, width = 44): SVGSVGElement {
  const height = (width * CARD_H) / CARD_W;
  return s("svg", { class: "pfc-small-card", viewBox: `-1 -1 ${width + 2} ${height + 2}`,
    "aria-hidden": "true" },
  code ? cardFaceGroup(code, width, height) : cardBackGroup(backFill, width, height));
}
