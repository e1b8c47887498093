// The wooden pieces on the cards: the two pawns (Green, seat 0; Purple, seat 1), the Treasure
// Marker, and the padlock that marks a card locked by rule 3. Drawn centred on 0,0.
import { s } from "../../core/dom";

export const SEAT_COLOURS = ["#2f9e44", "#7b3fc4"];

export function pawnShape(seat: number, x: number, y: number): SVGElement {
  return s("g", { class: `th-pawn th-pawn-${seat}`, transform: `translate(${x} ${y})` },
    s("ellipse", { cx: 0, cy: 15, rx: 15, ry: 5, fill: "rgba(0,0,0,0.25)" }),
    s("path", {
      d: "M-13 14 C-13 6 -8 2 -5 -3 L5 -3 C8 2 13 6 13 14 Z",
      fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 2.5, "paint-order": "stroke",
    }),
    s("circle", { cx: 0, cy: -11, r: 9, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 2.5,
      "paint-order": "stroke" }),
  );
}

export function treasureMarker(x: number, y: number): SVGElement {
  const star = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 11 : 4.6;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
  return s("g", { class: "th-treasure-marker", transform: `translate(${x} ${y})` },
    s("circle", { r: 18, fill: "#f2b705", stroke: "#7a5200", "stroke-width": 2.5 }),
    s("circle", { r: 14, fill: "none", stroke: "#ffe48a", "stroke-width": 1.5 }),
    s("polygon", { points: star, fill: "#fff7d1", stroke: "#7a5200", "stroke-width": 1 }),
  );
}

export function padlock(x: number, y: number): SVGElement {
  return s("g", { class: "th-lock", transform: `translate(${x} ${y})` },
    s("circle", { r: 12, fill: "#3a3a44", opacity: 0.85 }),
    s("path", { d: "M-4 -1 V-4 A4 4 0 0 1 4 -4 V-1", fill: "none", stroke: "#fff", "stroke-width": 2 }),
    s("rect", { x: -6, y: -1, width: 12, height: 8, rx: 1.5, fill: "#fff" }),
  );
}
