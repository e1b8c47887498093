// "How to play": for each of the five games, in the lobby and on a match page, at a laptop's and
// a phone's size, opening the panel draws every diagram with the game's own board (a drawing in
// each figure, none left out), shows every caption, and nothing is wider than its box or the page.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { allGameUIs } from "../src/games/registry";
import {
  createMatch, expectNoConsoleErrors, joinMatch, LAPTOP, newPlayer, openSeat, PHONE, screenshot, serverAndBrowser,
} from "./harness";

const SIZES = [{ name: "laptop", ...LAPTOP }, { name: "phone", ...PHONE }];

/** Opens the panel and checks its diagrams at each size; `name` names the screenshots. */
async function checkDiagrams(page: Page, rules: Locator, id: string, name: string): Promise<void> {
  const diagrams = allGameUIs().find((ui) => ui.id === id)!.diagrams!;
  await rules.locator("summary").click();
  const figures = rules.locator(".how-to-play-diagrams > figure.how-to-play-diagram");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect.poll(() => rules.locator(".how-to-play-board:has(svg, [data-cell], [data-square])").count(),
      { message: `${id}: a drawing in every figure` }).toBe(diagrams.length);
    expect(await figures.count(), `${id}: no diagram left out`).toBe(diagrams.length);
    for (let i = 0; i < diagrams.length; ++i) {
      const figure = figures.nth(i);
      const caption = figure.locator(":scope > figcaption");
      expect(await caption.innerText(), `${id} diagram ${i}`).toBe(diagrams[i].caption);
      expect(await caption.isVisible()).toBe(true);
      const board = figure.locator(".how-to-play-board");
      const box = (await board.boundingBox())!;
      expect(box.width, `${id} diagram ${i} at ${size.name}`).toBeGreaterThan(150);
      expect(box.height, `${id} diagram ${i} at ${size.name}`).toBeGreaterThan(150);
      // The drawing fits its figure: the box hides what overflows, so nothing may.
      const clipped = await board.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(clipped, `${id} diagram ${i} at ${size.name}: wider than its box`).toBeLessThanOrEqual(1);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${id} at ${size.name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    await figures.first().scrollIntoViewIfNeeded(); // the match page's side column scrolls on its own
    await screenshot(page, `${name}-${size.name}`);
  }
}

describe("How to play", () => {
  const bed = serverAndBrowser();

  it("draws every game's diagrams in the lobby", async () => {
    const { page, errors, context } = await newPlayer(bed.browser, LAPTOP);
    await page.goto(bed.server.url);
    for (const { id } of allGameUIs()) {
      await page.locator(`.game-card[data-game="${id}"]`).click();
      const rules = page.locator(`.form-slot .how-to-play[data-game="${id}"]`);
      // Nothing is drawn until the panel is opened.
      expect(await rules.locator(".how-to-play-board *").count(), id).toBe(0);
      await checkDiagrams(page, rules, id, `how-to-play-lobby-${id}`);
      await page.setViewportSize(LAPTOP);
    }
    expectNoConsoleErrors(errors);
    await context.close();
  });

  for (const { id } of allGameUIs()) {
    it(`draws the ${id} diagrams on its match page`, async () => {
      const { match } = await createMatch(bed.server, id, ["human", { agent: "random" }], {}, 5);
      const { token } = await joinMatch(bed.server, match, 0);
      const { page, errors, context } = await newPlayer(bed.browser, LAPTOP);
      await openSeat(page, bed.server, match, 0, token);
      const rules = page.locator(`.rules-slot .how-to-play[data-game="${id}"]`);
      await rules.waitFor({ state: "attached" });
      await checkDiagrams(page, rules, id, `how-to-play-match-${id}`);
      // The match's own board is still the one that is played.
      expect(await page.locator("#board .how-to-play-board").count()).toBe(0);
      expectNoConsoleErrors(errors);
      await context.close();
    });
  }
});
