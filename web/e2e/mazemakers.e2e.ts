// MazeMakers in a real Chromium against a real `mazeworks serve`: a human seat plays the computer
// to the end by clicking on the board (pieces from the tray, orientations, squares, tiles, holes,
// buttons), with a screenshot at the start and the end: the pentomino board against `random`,
// the No-Pentominos board on a phone-sized screen, and three players against the game's own
// heuristic and a random computer. Each match lowers the engine's `roundLimit` (a game option: after that many
// rounds without an exit the game ends drawn) so that the file runs in about two minutes here.
import { describe, expect, it } from "vitest";
import {
  type MoveChooser, playMatchByClicks, type SeatSpec, serverAndBrowser, PHONE } from "./harness";
import { mazemakersUI } from "../src/games/mazemakers";
import { readModel, startSquares } from "../src/games/mazemakers/model";
import { classify, squareName } from "../src/games/mazemakers/notation";
import type { BoardState } from "../src/games/types";

/** Distances (in steps) from every square to the nearest goal, walls and known monsters avoided. */
function distancesTo(state: BoardState, goals: string[]): Map<string, number> {
  const model = readModel(state.view);
  const blocked = new Set(model.walls.flatMap((w) => model.tilesBoard ? [] : w.squares.map(([r, c]) => squareName(r, c))));
  const open = new Set<string>();
  const tiles = model.tilesBoard ? model.tiles : [];
  if (model.tilesBoard) {
    for (const [r, c] of tiles) for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]]) open.add(squareName(r + dr, c + dc));
  } else {
    for (let r = 0; r < 10; ++r) for (let c = 0; c < 10; ++c) if (r < 8 || c < 8) open.add(squareName(r, c));
  }
  const known = model.coins.filter((c) => c.suit && c.monsterFor.length > 0).map((c) => c.square);
  for (const square of [...blocked, ...known]) open.delete(square);
  const startNeighbours = startSquares(model)
    .flatMap(([r, c]) => [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]])
    .map(([r, c]) => squareName(r, c)).filter((sq) => open.has(sq));
  const neighbours = (square: string): string[] => {
    if (square === "start") return startNeighbours;
    const [r, c] = [Number(square.slice(1)) - 1, square.charCodeAt(0) - 97];
    const out = [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].map(([a, b]) => squareName(a, b)).filter((sq) => open.has(sq));
    return startNeighbours.includes(square) ? [...out, "start"] : out;
  };
  const dist = new Map(goals.map((g) => [g, 0]));
  const queue = [...goals];
  while (queue.length > 0) {
    const square = queue.shift()!;
    for (const next of neighbours(square)) {
      if (dist.has(next)) continue;
      dist.set(next, dist.get(square)! + 1);
      queue.push(next);
    }
  }
  return dist;
}

/**
 * An artifact hunter: heads for the nearest coin whose suit it has not seen, home with three
 * artifacts; passes on walls and lets others pass; set-up choices are random. Random play wanders
 * and rarely finds three artifacts; this often does, so the end is a real exit more often.
 */
const artifactHunter: MoveChooser = (state, clickable) => {
  const random = () => clickable[Math.floor(Math.random() * clickable.length)];
  const phase = state.view.phase;
  if (phase === "wallAction") return clickable.includes("pass") ? "pass" : random();
  if (phase === "block") return clickable.includes("allow") ? "allow" : random();
  if (phase !== "move") return random();
  const me = state.view.players[state.seat!];
  const goals = me.artifacts >= 3 ? ["start"]
    : state.view.coins.filter((c: { suit?: string }) => !c.suit).map((c: { cell: string }) => c.cell);
  const dist = distancesTo(state, goals);
  const far = (square: string) => dist.get(square) ?? 99;
  const steps = clickable.filter((m) => classify(m).kind === "step");
  if (steps.length === 0) return clickable[0];
  const best = steps.reduce((a, b) => (far(b) < far(a) ? b : a));
  return far(best) < far(me.pawn) || !clickable.includes("stop") ? best : "stop";
};

const bed = serverAndBrowser();

async function playAgainst(name: string, seats: SeatSpec[], options: Record<string, unknown>, seed: number,
  viewport?: { width: number; height: number }) {
  return playMatchByClicks(bed.server, bed.browser, {
    name, game: "mazemakers", seats, options, seed, viewport,
    ui: mazemakersUI, choose: artifactHunter, maxMoves: 1500,
    boardReady: "#board .mm-svg", minEvents: 20,
    atEnd: async (page) => {
      expect(await page.locator("#board .mm-status").textContent()).toMatch(/^Game over/);
      expect(await page.locator("#board [role=button]").count()).toBe(0);
    },
  });
}

describe("mazemakers in the browser", () => {
  it("plays the pentomino board against random to the end", async () => {
    await playAgainst("mazemakers", ["human", { agent: "random" }], { roundLimit: 20 }, 41);
  });

  it("plays the No-Pentominos board on a phone-sized screen", async () => {
    await playAgainst("mazemakers-no-pentominos-phone", [{ agent: "random" }, "human"],
      { board: "noPentominos", roundLimit: 20 }, 42, PHONE);
  });

  it("plays three players against the heuristic and random computers", async () => {
    await playAgainst("mazemakers-3p", [{ agent: "heuristic" }, "human", { agent: "random" }],
      { players: 3, roundLimit: 10 }, 43);
  });
});
