// Pathfinder (Milton Bradley) in a real Chromium against a real `mazeworks serve`: the set-up is
// built in the editor by clicking grooves and squares (an invalid grid shows the server's reason
// first), then the hunt is played to the end by clicking the tracking grid.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathfinderBarriersUI as ui } from "../src/games/pathfinder-barriers";
import type { BoardState } from "../src/games/types";
import {
  createMatch, expectMatchScreenshots, joinMatch, LAPTOP, midGameShots, newPlayer, openSeat, pageState, PHONE, playToEnd,
  screenshot, waitForTurnOrEnd, type MoveChooser, serverAndBrowser } from "./harness";

const GAME = "pathfinder-barriers";
const home = (attr: "data-square" | "data-slot", name: string) => `#board [data-grid="home"] [${attr}="${name}"]`;

const bed = serverAndBrowser();

interface Search {
  explorer: string | null;
  blocked: string[];
  open: string[];
  trail: string[];
}

function neighbours(square: string): string[] {
  const row = square.charCodeAt(0) - 65;
  const col = Number(square.slice(2)) - 1;
  return [[row - 1, col], [row, col + 1], [row + 1, col], [row, col - 1]]
    .filter(([r, c]) => r >= 0 && r < 6 && c >= 0 && c < 6)
    .map(([r, c]) => `${String.fromCharCode(65 + r)}-${c + 1}`);
}

function slot(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * A seeker that only clicks: enter at a row not tried yet; step onto a square not yet stood on
 * when it can; else walk over known-open slots towards the nearest visited square with an
 * unexplored neighbour; else exit.
 */
const seekerChooser: MoveChooser = (state, clickable) => {
  const search = state.view.tracking[state.seat!] as Search;
  const pick = (moves: string[]) => moves[Math.floor(Math.random() * moves.length)];
  const enters = clickable.filter((m) => m.startsWith("enter "));
  const untried = enters.filter((m) => !search.open.includes(`|${m.slice("enter ".length)}`));
  if (!search.explorer) return pick(untried.length ? untried : enters.length ? enters : clickable);
  const visited = new Set(search.trail);
  const blocked = new Set(search.blocked);
  const open = new Set(search.open);
  const fresh = clickable.filter((m) => m.includes(">") && !visited.has(m.split(">")[1]));
  if (fresh.length) return pick(fresh);
  const frontier = (sq: string) => neighbours(sq).some((n) => !visited.has(n) && !blocked.has(slot(sq, n)));
  const firstStep = new Map<string, string>([[search.explorer, ""]]);
  const queue = [search.explorer];
  while (queue.length) {
    const sq = queue.shift()!;
    if (sq !== search.explorer && frontier(sq)) {
      const move = `${search.explorer}>${firstStep.get(sq)}`;
      if (clickable.includes(move)) return move;
    }
    for (const n of neighbours(sq)) {
      if (firstStep.has(n) || !open.has(slot(sq, n))) continue;
      firstStep.set(n, firstStep.get(sq) || n);
      queue.push(n);
    }
  }
  return clickable.includes("exit") ? "exit" : pick(clickable);
};

async function clickOn(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().click();
}

async function waitForVerdict(page: Page, pattern: RegExp): Promise<string> {
  const verdict = page.locator("#board .pfb-verdict");
  await expect.poll(async () => (await verdict.textContent()) ?? "", { timeout: 15_000 }).toMatch(pattern);
  return (await verdict.textContent())!;
}

/** Sends the design with Done and waits until the set-up is over for this seat. */
async function finishSetup(page: Page): Promise<void> {
  const before = (await pageState(page)).version;
  await clickOn(page, '#board [data-editor="done"]');
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, before, { timeout: 30_000 });
}

async function openHumanSeat(viewport = LAPTOP, options: Record<string, unknown> = {},
  opponent = "random") {
  const created = await createMatch(bed.server, GAME, ["human", { agent: opponent }], options);
  const { token } = await joinMatch(bed.server, created.match, 0);
  const player = await newPlayer(bed.browser, viewport);
  await openSeat(player.page, bed.server, created.match, 0, token);
  return player;
}

async function expectFinished(page: Page, errors: string[], final: BoardState): Promise<void> {
  expect(final.status).toBe("finished");
  await page.locator(".result-banner").waitFor({ state: "visible", timeout: 10_000 });
  expect(await page.locator(".event-log li").count()).toBeGreaterThan(0);
  expect(await page.locator("#board .pfb-status").textContent()).toMatch(/win/);
  expect(errors).toEqual([]);
}

describe("pathfinder-barriers in the browser", () => {
  it("builds a grid by clicking, then hunts the computer's pawn to the end", async () => {
    const since = Date.now();
    const { page, errors, context } = await openHumanSeat(LAPTOP, { firstPlayer: "north" });
    const first = await waitForTurnOrEnd(page);
    expect(first.view.phase).toBe("setup");

    // A walled-in pawn: the server's reason is shown and Done sends nothing.
    for (const s of ["|A-1", "A-1|A-2", "A-1|B-1"]) await clickOn(page, home("data-slot", s));
    await clickOn(page, home("data-square", "A-1"));
    expect(await waitForVerdict(page, /^✗ Not valid: .+/)).not.toBe("✗ Not valid: ");
    await clickOn(page, '#board [data-editor="done"]');
    await expect.poll(() => page.locator(".notice").textContent()).toMatch(/not valid/);
    expect((await pageState(page)).version).toBe(first.version);

    // Open it up again and move the pawn to C-3, walled in on three sides: the random opponent
    // finds it within a few turns, so the match stays short.
    await clickOn(page, home("data-slot", "|A-1"));
    await clickOn(page, home("data-square", "C-3"));
    for (const s of ["B-3|C-3", "C-3|C-4", "C-3|D-3", "|F-1", "D-1|E-1"]) await clickOn(page, home("data-slot", s));
    await waitForVerdict(page, /^✓ Valid/);
    expect(await page.locator("#board .pfb-counter").textContent()).toMatch(/^7 chips placed · 23 left$/);
    await screenshot(page, `${GAME}-start`);
    await finishSetup(page);
    const hunt = await waitForTurnOrEnd(page);
    expect(hunt.view.phase).toBe("play"); // North searches first

    const mid = midGameShots(page, GAME);
    const final = await playToEnd(page, ui, seekerChooser, 600, (moves) => mid.before(moves));
    await mid.save();
    await screenshot(page, `${GAME}-end`);
    expectMatchScreenshots(GAME, since);
    await expectFinished(page, errors, final);
    expect(final.view.homes[1]).not.toBeNull(); // the rival grid is revealed at the end
    expect(final.view.tracking[0].turns).toBeGreaterThan(0); // North searched first, by clicking
    await context.close();
  });

  it("on a phone, against the game's own seeker, with a generated grid and 12 chips", async () => {
    const since = Date.now();
    const { page, errors, context } = await openHumanSeat(PHONE,
      { maxBarriers: 12, firstPlayer: "south" }, "seeker");
    await waitForTurnOrEnd(page);
    await clickOn(page, '#board [data-editor="generate"]');
    await waitForVerdict(page, /^✓ Valid/);
    const counter = await page.locator("#board .pfb-counter").textContent();
    expect(Number(/(\d+) left/.exec(counter!)![1])).toBeGreaterThanOrEqual(0);
    expect(Number(/^(\d+)/.exec(counter!)![1])).toBeLessThanOrEqual(12);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, `${GAME}-phone-start`);
    await finishSetup(page);

    const mid = midGameShots(page, `${GAME}-phone`);
    const final = await playToEnd(page, ui, seekerChooser, 600, (moves) => mid.before(moves));
    await mid.save();
    await screenshot(page, `${GAME}-phone-end`);
    expectMatchScreenshots(`${GAME}-phone`, since);
    await expectFinished(page, errors, final);
    await context.close();
  });
});
