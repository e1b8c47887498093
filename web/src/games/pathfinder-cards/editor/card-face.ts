// A playing card drawn in SVG, as on the table: white face, corner index (rank over suit), a large
// suit pip, framed letters for the court cards, a starred Joker; hexagonal tiles on the hex board;
// a patterned back for cards the observer cannot see.
import { s } from "../../../core/dom";
import { cardName, parseCardCode, suitSymbol, type CardFace } from "./cards";
import { CARD_H, CARD_W, HEX_R, hexPoints, type Topology } from "./geometry";

const COURT = new Set(["J", "Q", "K"]);

function ink(face: CardFace): string {
  if (!face.suit) return "var(--pfe-joker, #6b2fa3)";
  return face.suit === "D" ? "var(--pfe-red, #c8102e)" : "var(--pfe-black, #1d1d1f)";
}

function squareFace(face: CardFace, cx: number, cy: number): SVGElement[] {
  const left = cx - CARD_W / 2;
  const top = cy - CARD_H / 2;
  const fill = ink(face);
  const body: SVGElement[] = [
    s("rect", { class: "pfe-card-face", x: left, y: top, width: CARD_W, height: CARD_H, rx: 5 }),
  ];
  if (!face.suit) {
    body.push(
      s("text", { x: cx, y: cy + 7, "font-size": 30, fill, "text-anchor": "middle" }, "★"),
      s("text", { x: cx, y: top + 13, "font-size": 10, fill, "text-anchor": "middle", "font-weight": 700,
        "letter-spacing": 1 }, "JOKER"),
      s("text", { x: cx, y: top + CARD_H - 5, "font-size": 10, fill, "text-anchor": "middle",
        "font-weight": 700, "letter-spacing": 1 }, "JOKER"),
    );
    return body;
  }
  const pip = suitSymbol(face.suit);
  // The corner index, and the same turned upside down in the opposite corner, as printed cards.
  const index = (rotate: boolean) => s("g", { transform: rotate ? `rotate(180 ${cx} ${cy})` : undefined },
    s("text", { x: left + 4, y: top + 14, "font-size": face.rank === "10" ? 12 : 14, "font-weight": 700, fill }, face.rank),
    s("text", { x: left + 4.5, y: top + 25, "font-size": 11, fill }, pip));
  body.push(index(false), index(true));
  if (COURT.has(face.rank)) {
    body.push(
      s("rect", { class: "pfe-court", x: cx - 11, y: cy - 19, width: 22, height: 38, rx: 3, stroke: fill }),
      s("text", { x: cx, y: cy + 3, "font-size": 19, "font-weight": 700, fill, "text-anchor": "middle" }, face.rank),
      s("text", { x: cx, y: cy + 16, "font-size": 11, fill, "text-anchor": "middle" }, pip),
    );
  } else {
    body.push(s("text", { x: cx, y: cy + 10, "font-size": 28, fill, "text-anchor": "middle" }, pip));
  }
  return body;
}

function hexFace(face: CardFace, cx: number, cy: number): SVGElement[] {
  const fill = ink(face);
  const r = HEX_R - 2;
  const body: SVGElement[] = [s("polygon", { class: "pfe-card-face", points: hexPoints(cx, cy, r) })];
  if (!face.suit) {
    body.push(
      s("text", { x: cx, y: cy + 4, "font-size": 22, fill, "text-anchor": "middle" }, "★"),
      s("text", { x: cx, y: cy + 18, "font-size": 8, fill, "text-anchor": "middle", "font-weight": 700 }, "JOKER"),
    );
    return body;
  }
  body.push(
    s("text", { x: cx, y: cy - 1, "font-size": 17, "font-weight": 700, fill, "text-anchor": "middle" }, face.rank),
    s("text", { x: cx, y: cy + 17, "font-size": 17, fill, "text-anchor": "middle" }, suitSymbol(face.suit)),
  );
  return body;
}

/** The face of `code` centred on (cx, cy); data-card carries its code (the Maker sees it). */
export function drawCard(code: string, cx: number, cy: number, topology: Topology): SVGGElement {
  const face = parseCardCode(code);
  if (!face) throw new Error(`not a maze card: ${code}`);
  const parts = topology === "hex" ? hexFace(face, cx, cy) : squareFace(face, cx, cy);
  return s("g", { class: "pfe-card", "data-card": code }, s("title", {}, cardName(code)), parts);
}

/** A face-down card: no rank, no suit, nothing but the back's pattern. */
export function drawCardBack(cx: number, cy: number): SVGGElement {
  const left = cx - CARD_W / 2;
  const top = cy - CARD_H / 2;
  return s("g", { class: "pfe-card-back" },
    s("rect", { class: "pfe-back-border", x: left, y: top, width: CARD_W, height: CARD_H, rx: 5 }),
    s("rect", { class: "pfe-back-pattern", x: left + 4, y: top + 4, width: CARD_W - 8, height: CARD_H - 8, rx: 3 }),
  );
}

/** A whole card as its own small SVG (the tray's cards). */
export function cardSvg(code: string): SVGSVGElement {
  return s("svg", { class: "pfe-tray-svg", viewBox: `0 0 ${CARD_W} ${CARD_H}`, "aria-hidden": "true" },
    drawCard(code, CARD_W / 2, CARD_H / 2, "square"));
}
