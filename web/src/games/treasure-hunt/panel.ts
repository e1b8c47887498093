// Everything beside the grid: each player's score in points (a diamond scores its rank, a Treasure
// its value), whose turn it is and what to do, the current Treasure Card, and the map key turned
// to the observer's side.
import { h, s } from "../../core/dom";
import type { BoardState, View } from "../types";
import { cardLabel, isRedSuit, parseCard, type KeyGroup } from "./cards";
import { suitShape } from "./card-face";
import type { ChainRules } from "./chain";
import { DIRECTIONS, screenDirection, type Direction } from "./geometry";
import { resultLine } from "./result";
import { SEAT_COLOURS, pawnShape } from "./tokens";

export function seatName(view: View, seat: number): string {
  return view?.seats?.[seat] ?? (seat === 0 ? "Green" : "Purple");
}

function pawnIcon(seat: number): SVGElement {
  return s("svg", { class: "th-pawn-icon", viewBox: "-16 -24 32 44", "aria-hidden": "true" }, pawnShape(seat, 0, 0));
}

/** What a point looks like: a diamond, or a gold coin for the specialized deck's Treasures. */
function pointIcon(specialized: boolean): SVGElement {
  return s("svg", { class: "th-point-icon", viewBox: "-0.5 -0.5 1 1", "aria-hidden": "true" },
    specialized ? s("circle", { r: 0.4, fill: "#e0a81c", stroke: "#8a6100", "stroke-width": 0.1 })
      : s("g", { fill: "#c0262d" }, suitShape("D", 0, 0, 0.95)));
}

/** "1 point", "19 points": a diamond scores its rank (19 points may be the 9♦ and the 10♦). */
export function scoreWords(score: number): string {
  return `${score} point${score === 1 ? "" : "s"}`;
}

/** One line per player: pawn, name, "you", score; the one to act is marked. */
export function scoreStrip(state: BoardState): HTMLElement {
  const view = state.view;
  return h("div", { class: "th-scores" }, [0, 1].map((seat) => {
    const toAct = view?.phase !== "over" && view?.to_move === seat;
    const score = Number(view?.scores?.[seat] ?? 0);
    return h("div", {
      class: `th-score${toAct ? " th-score-to-act" : ""}`, "data-seat": seat,
      style: { borderColor: SEAT_COLOURS[seat] },
      "aria-label": `${seatName(view, seat)}${state.seat === seat ? " (you)" : ""}: ${scoreWords(score)}${toAct ? ", to play" : ""}`,
    },
    pawnIcon(seat),
    h("span", { class: "th-score-name" }, seatName(view, seat), state.seat === seat ? h("small", {}, " you") : null),
    h("span", { class: "th-score-points" }, pointIcon(view?.deck === "specialized"), String(score)));
  }));
}

/** What is happening, in words: whose turn and what to click, or who won. */
export function statusText(state: BoardState): string {
  const view = state.view;
  if (view?.phase === "over" || state.status === "finished") {
    const line = resultLine(state);
    if (line) return line;
    const scores: number[] = view?.scores ?? [0, 0];
    const winner = view?.winner;
    const tally = `${scores[0]}–${scores[1]} points`;
    if (winner === 0 || winner === 1) return `${seatName(view, winner)} wins ${tally}.`;
    return `A draw, ${tally}.`;
  }
  const mover = seatName(view, view?.to_move);
  const mine = state.interactive && state.legal.length > 0;
  if (view?.phase === "swap") {
    return mine ? "Your turn: swap two cards in one row or column. Click one, then the other (or drag one onto the other)."
      : `${mover} is swapping two cards.`;
  }
  if (view?.phase === "step") {
    return mine ? "Now step: click a card next to your pawn. Hover it to see where the cards will carry you."
      : `${mover} is stepping.`;
  }
  return "Dealing the cards.";
}

export function treasureText(view: View): string {
  const code = view?.treasure;
  if (typeof code !== "string" || view?.phase === "over") return "";
  const card = parseCard(code);
  const points = Number(view?.treasure_value ?? card?.value ?? 0);
  const target = view?.deck === "specialized" && view?.target_score ? ` · ${view.target_score} points win` : "";
  return `Treasure: ${card ? card.name : code} (${cardLabel(code)}), ${points} point${points === 1 ? "" : "s"}${target}`;
}

const GROUP_COLOURS: Record<string, string> = { R: "#c8302c", B: "#2453b8", Y: "#f0c020", G: "#2e8b46" };
const GROUP_WORDS: Record<string, string> = {
  C: "clubs", D: "diamonds", H: "hearts", S: "spades", T: "treasures", R: "red", B: "blue", Y: "yellow", G: "green",
};

function groupChip(group: KeyGroup, x: number, y: number): SVGElement {
  if (group in GROUP_COLOURS) {
    return s("g", {}, s("rect", { x: x - 9, y: y - 12, width: 18, height: 24, rx: 3, fill: GROUP_COLOURS[group],
      stroke: "#333", "stroke-width": 0.8 }));
  }
  if (group === "T") return s("circle", { cx: x, cy: y, r: 10, fill: "#e0a81c", stroke: "#8a6100", "stroke-width": 2 });
  return s("g", { fill: isRedSuit(group) ? "#c0262d" : "#1b1b1f" }, suitShape(group, x, y, 22));
}

const KEY_ARROW = "M0 -58 L12 -40 L4 -40 L4 -18 L-4 -18 L-4 -40 L-12 -40 Z";

/** The map key turned to the observer's side: an arrow per direction, with the groups it moves. */
export function mapKey(rules: ChainRules, turned: boolean): HTMLElement {
  const byScreen = new Map<Direction, KeyGroup[]>();
  for (const [group, dir] of Object.entries(rules.key)) {
    const onScreen = screenDirection(dir, turned);
    byScreen.set(onScreen, [...(byScreen.get(onScreen) ?? []), group as KeyGroup]);
  }
  const svg = s("svg", { class: "th-key-svg", viewBox: "-100 -100 200 200", "aria-hidden": "true" },
    s("circle", { r: 16, fill: "#f3ead2", stroke: "#8a6a2a", "stroke-width": 2 }));
  const rotation: Record<Direction, number> = { up: 0, right: 90, down: 180, left: 270 };
  const words: string[] = [];
  for (const dir of DIRECTIONS) {
    svg.append(s("path", { d: KEY_ARROW, fill: "#8a6a2a", transform: `rotate(${rotation[dir]})` }));
    const groups = byScreen.get(dir) ?? [];
    const [ux, uy] = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] }[dir];
    const spread = groups.length > 1 ? 13 : 0;
    groups.forEach((group, i) => {
      const offset = (i - (groups.length - 1) / 2) * 2 * spread;
      svg.append(groupChip(group, ux * 78 + (uy !== 0 ? offset : 0), uy * 78 + (ux !== 0 ? offset : 0)));
    });
    if (groups.length) words.push(`${groups.map((g) => GROUP_WORDS[g]).join(" and ")} ${screenWord(dir)}`);
  }
  const side = turned ? "turned to your side of the table" : "as the figure is printed";
  return h("figure", { class: "th-key", "aria-label": `Map key, ${side}: ${words.join("; ")}` },
    svg, h("figcaption", {}, "Map key", h("small", {}, turned ? " (your side)" : "")));
}

function screenWord(dir: Direction): string {
  return { up: "move up the screen", right: "move right", down: "move down the screen", left: "move left" }[dir];
}
