// Hot-seat on one device: two seats of Pathfinder Barriers held by one browser. Whenever the turn
// passes from one to the other a "pass the device" cover hides everything, and while it is up the
// page holds nothing of either seat's hidden grid; after "I am …" the next seat plays.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { contentWithoutTheRules, createInLobby, expectNoConsoleErrors, legalSelector, newPlayer,
  screenshot, serverAndBrowser } from "./harness";
import type { BoardState } from "../src/games/types";

/** Secret while the game is on: a seat's own home grid (its pawn and barriers). */
function homeSecrets(state: BoardState): string[] {
  const home = state.view?.homes?.[state.seat!];
  if (!home) return [];
  return [...(home.pawn ? [home.pawn] : []), ...(home.barriers ?? [])];
}

/** The shown seat's state once it may move or the game is over; null when the cover came up. */
async function waitForTurnEndOrCover(page: Page): Promise<BoardState | null> {
  await page.waitForFunction(() => {
    const s = window.__mazeworks?.state;
    return document.querySelector(".pass-device") !== null ||
      (s != null && (s.status === "finished" || s.legal.length > 0));
  }, null, { timeout: 30_000 });
  return page.evaluate(() => (document.querySelector(".pass-device") ? null : window.__mazeworks!.state!));
}

/** Plays a move from the legal list; it is answered by a newer state or, at a hand-over, the cover. */
async function playAndWait(page: Page, state: BoardState, move: string): Promise<void> {
  const list = page.locator("details.legal-list");
  if (!(await list.evaluate((el) => (el as HTMLDetailsElement).open))) await list.locator("summary").click();
  const filter = list.locator(".legal-filter");
  if (await filter.isVisible()) await filter.fill(move);
  await list.locator(legalSelector(move)).first().click();
  await page.waitForFunction((v) => document.querySelector(".pass-device") !== null ||
    (window.__mazeworks?.state?.version ?? -1) > v, state.version, { timeout: 30_000 });
}

describe("hot-seat", () => {
  const bed = serverAndBrowser();

  it("covers the screen between the two seats and hides both grids meanwhile", async () => {
    const { page, errors, context } = await newPlayer(bed.browser);
    await createInLobby(page, bed.server, "pathfinder-barriers", ["hotseat", "hotseat"]);
    const cover = page.locator(".pass-device");
    await cover.waitFor();
    expect(await cover.textContent()).toContain("Pass the device to North");
    await screenshot(page, "hotseat-cover");

    const secrets: Record<number, string[]> = { 0: [], 1: [] };
    let covers = 0;
    for (let moves = 0; moves < 80; ++moves) {
      if (await cover.isVisible()) {
        ++covers;
        const html = await contentWithoutTheRules(page);
        expect(await page.locator("#board *").count()).toBe(0);
        expect(await page.evaluate(() => window.__mazeworks?.state ?? null)).toBeNull();
        for (const s of [...secrets[0], ...secrets[1]]) expect(html).not.toContain(s);
        await cover.locator("button").click();
      }
      const state = await waitForTurnEndOrCover(page);
      if (state === null) continue; // the turn passed: the cover is up
      if (state.status === "finished") break;
      secrets[state.seat!] = homeSecrets(state);
      const done = state.legal.includes("done") && Math.random() < 0.3;
      await playAndWait(page, state, done ? "done" : state.legal[Math.floor(Math.random() * state.legal.length)]);
    }
    // the first cover, then at least one hand-over between the two seats
    expect(covers).toBeGreaterThanOrEqual(2);
    await screenshot(page, "hotseat-after");
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
