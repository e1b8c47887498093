// The piecepack's pieces as SVG: suit symbols, coins (number side and suit side), pawns and dice.
// Drawn from paths rather than Unicode symbols so that they look the same on every machine.
import { s } from "../../core/dom";

/** The piecepack's traditional suit colours. */
const SUIT_COLOURS: Record<string, string> = {
  Suns: "#c62828",
  Moons: "#37474f",
  Crowns: "#2e7d32",
  Arms: "#1565c0",
};
const NO_SUIT_COLOUR = "#8d6e63";

export function suitColour(suit: string | null | undefined): string {
  return (suit && SUIT_COLOURS[suit]) || NO_SUIT_COLOUR;
}

/** A suit symbol of size about 2r centred on (x, y). */
export function suitSymbol(suit: string, x: number, y: number, r: number, fill = suitColour(suit)): SVGGElement {
  const g = s("g", { class: "mm-suit", transform: `translate(${x} ${y}) scale(${r / 10})`, fill });
  if (suit === "Suns") {
    g.append(s("circle", { r: 5 }));
    for (let k = 0; k < 8; ++k) {
      g.append(s("rect", { x: -1.2, y: -10, width: 2.4, height: 4, transform: `rotate(${k * 45})` }));
    }
  } else if (suit === "Moons") {
    // A crescent: the outer circle's left side, then back along an inner circle's.
    g.append(s("path", { d: "M5.1 -7.4 A9 9 0 1 0 5.1 7.4 A7.5 7.5 0 1 1 5.1 -7.4 Z" }));
  } else if (suit === "Crowns") {
    g.append(s("path", { d: "M-9 6 L-9 -5 L-4.5 0 L0 -8 L4.5 0 L9 -5 L9 6 Z" }));
  } else {
    // Arms: a fleur-de-lis, as on the piecepack's arms suit.
    g.append(s("path", {
      d: "M0 -10 C4 -6 4 -2 1.5 2 L5 2 C6 -3 10 -3 9.5 1 C9 4 6 4 5.5 3 L1.5 3 L1.5 6 L4 9 L-4 9 " +
        "L-1.5 6 L-1.5 3 L-5.5 3 C-6 4 -9 4 -9.5 1 C-10 -3 -6 -3 -5 2 L-1.5 2 C-4 -2 -4 -6 0 -10 Z",
    }));
  }
  return g;
}

/** A coin lying number side up (a monster or an artifact; only the lander may know the suit). */
export function numberCoin(x: number, y: number, r: number, value: number, suit?: string): SVGGElement {
  const g = s("g", { class: "mm-coin" },
    s("circle", { cx: x, cy: y + 1.5, r, class: "mm-coin-shadow" }),
    s("circle", { cx: x, cy: y, r, class: "mm-coin-face" }),
    s("circle", { cx: x, cy: y, r: r * 0.8, class: "mm-coin-ring" }),
    s("text", { x, y: y + r * 0.38, class: "mm-coin-value", "font-size": r * 1.1 }, String(value)),
  );
  if (suit) {
    // What this observer knows of the other side: a small badge in the suit's colour.
    g.append(s("circle", { cx: x + r * 0.75, cy: y - r * 0.75, r: r * 0.48, class: "mm-coin-badge" }),
      suitSymbol(suit, x + r * 0.75, y - r * 0.75, r * 0.36));
  }
  return g;
}

/** A coin lying suit side up: a player's control coin on a wall or in a hole. */
export function suitCoin(x: number, y: number, r: number, suit: string | null): SVGGElement {
  return s("g", { class: "mm-control-coin" },
    s("circle", { cx: x, cy: y + 1.5, r, class: "mm-coin-shadow" }),
    s("circle", { cx: x, cy: y, r, class: "mm-coin-face", stroke: suitColour(suit) }),
    suit ? suitSymbol(suit, x, y, r * 0.62) : null,
  );
}

/** A piecepack pawn seen from above and a little from the side, in its suit's colour. */
export function pawn(x: number, y: number, size: number, suit: string | null, label: string): SVGGElement {
  const colour = suitColour(suit);
  const k = size / 20;
  return s("g", { class: "mm-pawn", transform: `translate(${x} ${y}) scale(${k})` },
    s("ellipse", { cx: 0, cy: 8, rx: 9, ry: 3.5, class: "mm-pawn-shadow" }),
    s("path", { d: "M-7 8 L-3 -2 L3 -2 L7 8 Z", fill: colour, class: "mm-pawn-body" }),
    s("circle", { cx: 0, cy: -5, r: 5, fill: colour, class: "mm-pawn-body" }),
    s("text", { x: 0, y: 6.5, class: "mm-pawn-label" }, label),
  );
}

/** A die showing `value` as pips (0 is the piecepack's blank face). */
export function die(value: number, size: number, colour: string, title: string): SVGSVGElement {
  const pips: Record<number, [number, number][]> = {
    0: [], 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  return s("svg", { class: "mm-die", viewBox: "-12 -12 24 24", width: size, height: size, role: "img", "aria-label": title },
    s("title", {}, title),
    s("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4, class: "mm-die-face", stroke: colour }),
    (pips[value] ?? []).map(([px, py]) => s("circle", { cx: px * 5.5, cy: py * 5.5, r: 2.2, fill: colour })),
  );
}
