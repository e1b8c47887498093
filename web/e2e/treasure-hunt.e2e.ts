// Treasure Hunt in a real Chromium against a real `mazeworks serve`: a human seat plays the
// computer to the end by clicking on the board (two clicks per swap, one per step), with a
// screenshot at the start and the end: the standard deck against `random` as Green, against the
// game's own `greedy` agent as Purple (the table turned 180°) on a phone-sized screen, and the
// specialized deck with the other map key and cycle rule.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  type MoveChooser, pageState, playMatchByClicks, type SeatSpec, waitForTurnOrEnd,
  serverAndBrowser, PHONE } from "./harness";
import { treasureHuntUI } from "../src/games/treasure-hunt";
import { chainPath, chainRules, type Grid } from "../src/games/treasure-hunt/chain";
import { moveCell, onBoard, parseCell, DIRECTIONS, type Cell } from "../src/games/treasure-hunt/geometry";
import { swapCells } from "../src/games/treasure-hunt/moves";
import type { BoardState } from "../src/games/types";

interface Outcome {
  scores: boolean;
  distance: number;
}

/** Where each step from the mover's pawn ends on `board`, and whether it scores. */
function bestStep(state: BoardState, board: Grid): Outcome & { dir: string } {
  const view = state.view;
  const pawn = parseCell(view.pawns[view.to_move])!;
  const treasure = findCard(board, view.treasure);
  const rules = chainRules(view, state.options);
  let best = { dir: "", scores: false, distance: 99 };
  for (const dir of DIRECTIONS) {
    const first = moveCell(pawn, dir);
    if (!onBoard(first)) continue;
    const path = chainPath(board, first, view.treasure, rules);
    const stop = path[path.length - 1];
    const scores = board[stop.row][stop.col] === view.treasure;
    const distance = treasure ? Math.abs(stop.row - treasure.row) + Math.abs(stop.col - treasure.col) : 0;
    if ((scores && !best.scores) || (scores === best.scores && distance < best.distance)) {
      best = { dir, scores, distance };
    }
  }
  return best;
}

function findCard(board: Grid, code: string): Cell | null {
  for (let row = 0; row < 5; ++row) {
    const col = board[row].indexOf(code);
    if (col >= 0) return { row, col };
  }
  return null;
}

/**
 * A treasure hunter: the swap after which some step scores (else ends nearest the Treasure), then
 * that step. Random play takes hundreds of turns to score all thirteen diamonds; this takes tens.
 */
const treasureHunter: MoveChooser = (state, clickable) => {
  const view = state.view;
  if (view.phase === "step") {
    const { dir } = bestStep(state, view.board);
    return clickable.includes(dir) ? dir : clickable[0];
  }
  let best = { move: clickable[0], scores: false, distance: 99 };
  for (const move of clickable) {
    const [a, b] = swapCells(move, view)!.map((cell) => parseCell(cell)!);
    const board: Grid = view.board.map((row: string[]) => [...row]);
    [board[a.row][a.col], board[b.row][b.col]] = [board[b.row][b.col], board[a.row][a.col]];
    const outcome = bestStep(state, board);
    if ((outcome.scores && !best.scores) || (outcome.scores === best.scores && outcome.distance < best.distance)) {
      best = { move, ...outcome };
    }
  }
  return best.move;
};

const bed = serverAndBrowser();

/** Waits until the page shows a state newer than `version`. */
async function nextState(page: Page, version: number): Promise<BoardState> {
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, version);
  return pageState(page);
}

/** Plays the first turn without clicks: the swap by dragging one card onto the other, the step by keyboard. */
async function dragAndKeyboardTurn(page: Page): Promise<void> {
  const before = await waitForTurnOrEnd(page);
  const swap = treasureHunter(before, before.legal);
  const [from, to] = treasureHuntUI.clicksFor(swap, before)!;
  await page.locator(`#board ${from}`).dragTo(page.locator(`#board ${to}`));
  const stepping = await nextState(page, before.version);
  expect(stepping.events.at(-1)?.text).toBe(swap);
  const step = treasureHunter(stepping, stepping.legal);
  await page.locator(`#board ${treasureHuntUI.clicksFor(step, stepping)![0]}`).focus();
  await page.keyboard.press("Enter");
  const after = await nextState(page, stepping.version);
  expect(after.events.find((e) => e.n === stepping.events.length)?.text).toBe(step);
  // The deal of the 25 cards is one line of the set-up, in words, which opens to its entries.
  const firstLine = page.locator(".event-list > li").first();
  expect(await firstLine.locator("summary").innerText()).toBe("The 25 cards are dealt");
  expect(await page.locator(".turn-heading").first().innerText()).toBe("Set-up");
  expect(await firstLine.locator(".folded-events li").count()).toBe(25);
  // One name per seat: the log says "Green" as the header does, the viewer's own lines "(you)";
  // the header counts the score in points (a diamond scores its rank).
  await expect.poll(() => page.locator(".event-list .actor").allInnerTexts()).toContain("Green (you)");
  expect((await page.locator(".event-list .actor").allInnerTexts()).join("|")).not.toMatch(/Player \d/);
  expect(await page.locator(".match-header .seat-summary").first().innerText()).toMatch(/^Green · \d+ points?$/);
  // The keyboard player is still on the board after the move, not thrown back to the page body.
  expect(await page.evaluate(() => document.getElementById("board")?.contains(document.activeElement))).toBe(true);
}

/** The Hint button asks the server's computer player and rings the two cards of its swap. */
async function askForHint(page: Page): Promise<void> {
  await waitForTurnOrEnd(page);
  await page.locator("#board [data-hint]").click();
  await page.waitForFunction(() => document.querySelectorAll("#board .th-hint").length === 2);
}

async function playAgainst(name: string, seat: number, opponent: SeatSpec, options: Record<string, unknown>,
  seed: number, viewport?: { width: number; height: number }, firstTurn?: (page: Page) => Promise<void>) {
  return playMatchByClicks(bed.server, bed.browser, {
    name, game: "treasure-hunt", seats: seat === 0 ? ["human", opponent] : [opponent, "human"],
    options, seed, viewport, beforePlay: firstTurn,
    ui: treasureHuntUI, choose: treasureHunter, maxMoves: 600,
    boardReady: "#board .th-svg [data-cell]", minEvents: 25,
    atEnd: async (page) => {
      expect(await page.locator("#board .th-status").textContent()).toMatch(/wins|draw/);
      // The end names the winner, the score in points and why the game ended.
      expect(await page.locator(".result-banner .result-line").innerText()).toMatch(
        /^(Green wins|Purple wins|A draw,) \d+–\d+ points: the (King of Diamonds was scored|target of \d+ points was reached)\.$/);
      expect(await page.locator("#board [role=button]").count()).toBe(0);
    },
  });
}

describe("treasure-hunt in the browser", () => {
  it("plays the standard deck as Green against random to the end (first turn by drag and keyboard)", async () => {
    const final = await playAgainst("treasure-hunt", 0, { agent: "random" }, { firstPlayer: "green" }, 31,
      undefined, dragAndKeyboardTurn);
    expect(final.view.scores[0] + final.view.scores[1]).toBe(91);
  });

  it("plays as Purple against the greedy agent on a phone-sized screen, after asking for a hint", async () => {
    await playAgainst("treasure-hunt-purple-phone", 1, { agent: "greedy" }, {}, 32, PHONE,
      askForHint);
  });

  it("plays the specialized deck with mapKey=LDRU and cycleRule=stopOnRepeat", async () => {
    const final = await playAgainst("treasure-hunt-specialized", 0, { agent: "random" },
      { deck: "specialized", mapKey: "LDRU", cycleRule: "stopOnRepeat", targetScore: 20 }, 33);
    expect(Math.max(...final.view.scores)).toBeGreaterThanOrEqual(20);
  });
});
