// The Maze Maker's editor in a real Chromium against a real `mazeworks serve`: the Maker lays the
// 40 cards by clicks into a maze with no diamond path (the editor shows the server's reason and
// Submit stays disabled), mends it into a valid one, submits it, and plays the rest of the game
// against the computer Runner by clicking; then, on a phone-sized screen and the hex board, a
// generated maze is submitted.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  clickMove, createMatch, joinMatch, newPlayer, openSeat, pageState, playToEnd, screenshot,
  type MoveChooser, serverAndBrowser } from "./harness";
import { pathfinderCardsUI } from "../src/games/pathfinder-cards";

/** The rules page's 5 × 8 maze, laid from cell (16,18) of the table (inside the empty window). */
const MAZE_ROWS = [
  "AC 2C 3C 4C 5C 6C 7C 8C",
  "9C 10C JC QC KC 8D 9D 10D",
  "AD 2D 3D 4D 5D 6D 7D JK",
  "AS 2S 3S 4S 5S 6S 7S 8S",
  "9S 10S JS QS KS JD QD KD",
];
const ORIGIN = { x: 16, y: 18 };

function laid(rows: string[]): [string, string][] {
  return rows.flatMap((row, y) =>
    row.split(" ").map((card, x) => [card, `${ORIGIN.x + x},${ORIGIN.y + y}`] as [string, string]));
}

/** A Maker's later choices at random among the clickable ones; a Runner's would be the computer's. */
const anyClickable: MoveChooser = (_state, clickable) => clickable[Math.floor(Math.random() * clickable.length)];

const bed = serverAndBrowser();

async function openMaker(page: Page, options: Record<string, unknown>, seed: number): Promise<void> {
  const created = await createMatch(bed.server, "pathfinder-cards", ["human", { agent: "baseline" }],
    { roles: "seat0Maker", kingStudySeconds: 0, ...options }, seed);
  const { token } = await joinMatch(bed.server, created.match, 0);
  await openSeat(page, bed.server, created.match, 0, token);
  await page.waitForSelector("#board .pfe-table [data-cell]");
}

async function status(page: Page): Promise<{ validity: string | null; text: string }> {
  const el = page.locator("#board [data-validity]");
  return { validity: await el.getAttribute("data-validity"), text: (await el.textContent()) ?? "" };
}

async function waitForValidity(page: Page, validity: "valid" | "invalid"): Promise<void> {
  await page.waitForSelector(`#board [data-validity="${validity}"]`, { timeout: 15_000 });
}

async function leavesBuildPhase(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__mazeworks?.state?.view?.phase !== "build", null, { timeout: 30_000 });
}

describe("the Maze Maker's editor", () => {
  it("refuses a maze without a diamond path, accepts the mended one, and the game goes on to the end", async () => {
    const { context, page, errors } = await newPlayer(bed.browser);
    try {
      await openMaker(page, {}, 21);
      // A♦ and A♠ change places: A♦ is walled in by spades, the maze is invalid.
      const rows = [...MAZE_ROWS];
      rows[2] = rows[2].replace("AD", "AS");
      rows[3] = rows[3].replace("AS", "AD");
      for (const [card, cell] of laid(rows)) {
        await page.locator(`#board [data-tray-card="${card}"]`).click();
        await page.locator(`#board [data-cell="${cell}"]`).click();
      }
      await waitForValidity(page, "invalid");
      const refused = await status(page);
      expect(refused.text).toContain("40 of 40 placed");
      expect(refused.text).toContain("no path of edge-adjacent diamonds leads from A♦ to a card next to the Joker");
      expect(await page.locator('#board [data-editor-action="submit"]').isDisabled()).toBe(true);
      // The highlighted problem: A♦'s cell and the Joker's.
      expect(await page.locator("#board .pfe-problem").count()).toBe(2);
      await screenshot(page, "pathfinder-cards-editor-invalid");

      // Mend it: pick A♦ up from the table and drop it on A♠'s cell (they swap).
      await page.locator(`#board [data-cell="${ORIGIN.x},${ORIGIN.y + 3}"]`).click();
      await page.locator(`#board [data-cell="${ORIGIN.x},${ORIGIN.y + 2}"]`).click();
      await waitForValidity(page, "valid");
      expect(await page.locator("#board .pfe-problem").count()).toBe(0);
      await screenshot(page, "pathfinder-cards-editor-valid");
      await page.locator('#board [data-editor-action="submit"]').click();
      await leavesBuildPhase(page);
      const started = await pageState(page);
      expect(started.view.cards.length).toBe(40);
      // The maze went in as designed (shifted to the corner of the table).
      expect(started.view.maze.split("\n")[2].split(/\s+/)).toEqual(MAZE_ROWS[2].split(" "));

      const final = await playToEnd(page, pathfinderCardsUI, anyClickable, 400);
      await page.waitForSelector(".result-banner");
      await screenshot(page, "pathfinder-cards-editor-end");
      expect(final.status).toBe("finished");
      expect(final.view.phase).toBe("over");
      expect(await page.locator(".event-log li").count()).toBeGreaterThan(3);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("plays cards one by one, then completes the maze from a generated design", async () => {
    const { context, page, errors } = await newPlayer(bed.browser);
    try {
      await openMaker(page, {}, 23);
      // Card by card: each placement is a move, clicked through the game's own click paths.
      for (const move of ["AD@18,19", "2D@19,19", "JK@20,19"]) {
        await clickMove(page, pathfinderCardsUI, await pageState(page), move);
      }
      expect((await pageState(page)).view.cards.length).toBe(3);
      await page.locator('#board [data-editor-mode="design"]').click();
      expect(await page.locator("#board .pfe-committed").count()).toBe(3);
      // Dragging with the mouse: a card from the tray onto the table, and back.
      await page.locator('#board [data-tray-card="5S"]').dragTo(page.locator('#board [data-cell="18,20"]'));
      await page.waitForSelector('#board [data-cell="18,20"] [data-card="5S"]');
      await page.locator('#board [data-cell="18,20"]').dragTo(page.locator('#board [data-tray-card="AC"]'));
      await page.waitForSelector('#board [data-tray-card="5S"]');
      await page.locator('#board [data-editor-action="generate"]').click();
      await waitForValidity(page, "valid");
      expect(await page.locator("#board .pfe-table [data-card]").count()).toBe(40);
      // The 37 other cards go in one by one, each touching the ones before.
      await page.locator('#board [data-editor-action="submit"]').click();
      await leavesBuildPhase(page);
      const started = await pageState(page);
      expect(started.view.cards.length).toBe(40);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("generates a hex maze on a phone-sized screen and submits it", async () => {
    const { context, page, errors } = await newPlayer(bed.browser, { width: 375, height: 812 });
    try {
      await openMaker(page, { board: "hex" }, 22);
      await page.locator("#board .pfe-difficulty").selectOption("easy");
      await page.locator('#board [data-editor-action="generate"]').click();
      await waitForValidity(page, "valid");
      expect(await page.locator("#board .pfe-table [data-card]").count()).toBe(40);
      expect(await page.locator("#board .pfe-table polygon.pfe-card-face").count()).toBe(40);
      // Nothing wider than the phone but the table's own scroller.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "pathfinder-cards-editor-phone");
      await page.locator('#board [data-editor-action="submit"]').click();
      await leavesBuildPhase(page);
      const started = await pageState(page);
      expect(started.view.cards.length).toBe(40);
      expect(started.view.board).toBe("hex");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
