// Resign and rematch in two browsers: seat 0 resigns (two clicks), both pages show who resigned,
// then seat 1 presses Rematch and both pages move to the new match, each still holding its seat,
// with the roles swapped.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createMatch, expectNoConsoleErrors, joinMatch, newPlayer, openSeat, pageState,
  screenshot, serverAndBrowser } from "./harness";

async function waitForNewMatch(page: Page, old: string): Promise<string> {
  await page.waitForFunction((id) => {
    const m = /^#\/match\/([^/?]+)/.exec(window.location.hash);
    return m !== null && m[1] !== id && window.__mazeworks?.state?.status === "playing";
  }, old, { timeout: 10_000 });
  return page.evaluate(() => /^#\/match\/([^/?]+)/.exec(window.location.hash)![1]);
}

describe("resign and rematch", () => {
  const bed = serverAndBrowser();

  it("a resignation ends the match for both, and Rematch takes both to a new one", async () => {
    const created = await createMatch(bed.server, "pathfinder-cards", ["human", "human"],
      { roles: "seat0Maker" }, 5);
    const old = created.match;
    const a = await newPlayer(bed.browser);
    const b = await newPlayer(bed.browser);
    await openSeat(a.page, bed.server, old, 0, (await joinMatch(bed.server, old, 0)).token);
    await openSeat(b.page, bed.server, old, 1, (await joinMatch(bed.server, old, 1)).token);

    await a.page.locator('[data-resign="ask"]').click();
    await expect.poll(() => a.page.locator('[data-resign="confirm"]').isVisible()).toBe(true);
    await screenshot(a.page, "resign-confirm");
    await a.page.locator('[data-resign="confirm"]').click();
    for (const page of [a.page, b.page]) {
      await page.locator(".result-banner h2").waitFor({ timeout: 10_000 });
      expect(await page.locator(".result-banner h2").textContent()).toMatch(/^Maker.* resigned\./);
      expect((await pageState(page)).status).toBe("finished");
      expect(await page.locator('[data-resign="ask"]').isVisible()).toBe(false);
    }
    expect(await b.page.locator(".result-banner h2").textContent()).toContain("You win!");
    await screenshot(b.page, "resign-result");

    await b.page.locator(".result-banner button.rematch").click();
    const [nextA, nextB] = await Promise.all([waitForNewMatch(a.page, old), waitForNewMatch(b.page, old)]);
    expect(nextA).toBe(nextB);
    expect((await pageState(a.page)).seat).toBe(0);
    expect((await pageState(b.page)).seat).toBe(1);
    const summary = await (await fetch(new URL(`/api/matches/${nextA}`, bed.server.url))).json();
    expect(summary.options.roles).toBe("seat0Runner");
    expect(await a.page.locator('[data-resign="ask"]').isVisible()).toBe(true);
    expectNoConsoleErrors(a.errors, "seat 0's page");
    expectNoConsoleErrors(b.errors, "seat 1's page");
    await a.context.close();
    await b.context.close();
  });
});
