// Hot-seat on one device: two seats of Pathfinder Barriers held by one browser. Whenever the turn
// passes from one to the other a "pass the device" cover hides everything, and while it is up the
// page holds nothing of either seat's hidden grid; after "I am …" the next seat plays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createInLobby, expectNoConsoleErrors, launchBrowser, newPlayer, pageState, playFromList,
  screenshot, startServer, type RunningServer } from "./harness";
import type { BoardState } from "../src/games/types";

/** Secret while the game is on: a seat's own home grid (its pawn and barriers). */
function homeSecrets(state: BoardState): string[] {
  const home = state.view?.homes?.[state.seat!];
  if (!home) return [];
  return [...(home.pawn ? [home.pawn] : []), ...(home.barriers ?? [])];
}

describe("hot-seat", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("covers the screen between the two seats and hides both grids meanwhile", async () => {
    const { page, errors, context } = await newPlayer(browser);
    await createInLobby(page, server, "pathfinder-barriers", ["hotseat", "hotseat"]);
    const cover = page.locator(".pass-device");
    await cover.waitFor();
    expect(await cover.textContent()).toContain("Pass the device to Player 1");
    await screenshot(page, "hotseat-cover");

    const secrets: Record<number, string[]> = { 0: [], 1: [] };
    let covers = 0;
    for (let moves = 0; moves < 60; ++moves) {
      if (await cover.isVisible()) {
        ++covers;
        const html = await page.content();
        expect(await page.locator("#board *").count()).toBe(0);
        expect(await page.evaluate(() => window.__mazeworks?.state ?? null)).toBeNull();
        for (const s of [...secrets[0], ...secrets[1]]) expect(html).not.toContain(s);
        await cover.locator("button").click();
      }
      await page.waitForFunction(() => {
        const s = window.__mazeworks?.state;
        return (s && (s.status === "finished" || s.legal.length > 0)) || document.querySelector(".pass-device");
      }, null, { timeout: 30_000 });
      if (await cover.isVisible()) continue;
      const state = await pageState(page);
      if (state.status === "finished") break;
      secrets[state.seat!] = homeSecrets(state);
      const done = state.legal.includes("done") && Math.random() < 0.4;
      await playFromList(page, state, done ? "done" : state.legal[Math.floor(Math.random() * state.legal.length)])
        .catch(async (err) => {
          if (!(await cover.isVisible())) throw err; // the move handed over: the cover came up at once
        });
    }
    expect(covers).toBeGreaterThanOrEqual(3);
    await screenshot(page, "hotseat-after");
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
