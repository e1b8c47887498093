// An axe-core scan of every page a player meets: the lobby (also with each game's How to play
// open), each game's match page and the replay page. No violation of serious or critical impact
// may remain.
//
// One rule is left out: label-content-name-mismatch reads a playing card's two corner indices as
// the words "2 2" and asks that they appear in that order in the button's name. A card button is
// named by the card it shows ("2 of Spades (2♠) at a1: swap"), which is what its face says; the
// rule's word-by-word match cannot see that.
import { describe, expect, it } from "vitest";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { createMatch, joinMatch, newPlayer, openSeat, serverAndBrowser } from "./harness";

const GAMES = ["treasure-hunt", "pathfinder-barriers", "pathfinder-cards", "mazemakers", "jokers-labyrinth"];

/** The serious and critical violations on the page, one line each with the first elements. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).disableRules(["label-content-name-mismatch"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

describe("accessibility", () => {
  const bed = serverAndBrowser();

  it("the lobby", async () => {
    const { page, context } = await newPlayer(bed.browser);
    await page.goto(bed.server.url);
    await page.locator(".game-card").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("the lobby's How to play, open, with each game's diagrams", async () => {
    const { page, context } = await newPlayer(bed.browser);
    await page.goto(bed.server.url);
    for (const game of GAMES) {
      await page.locator(`.game-card[data-game="${game}"]`).click();
      const rules = page.locator(`.how-to-play[data-game="${game}"]`);
      await rules.locator("summary").click();
      await rules.locator(".how-to-play-board > *").first().waitFor({ state: "attached" });
      expect(await seriousViolations(page), game).toEqual([]);
    }
    await context.close();
  });

  for (const game of GAMES) {
    it(`the ${game} match page`, async () => {
      const { match } = await createMatch(bed.server, game, ["human", { agent: "random" }], {}, 3);
      const { token } = await joinMatch(bed.server, match, 0);
      const { page, context } = await newPlayer(bed.browser);
      await openSeat(page, bed.server, match, 0, token);
      await page.waitForFunction(() =>
        [...document.querySelectorAll("#board svg")].some((s) => s.getBoundingClientRect().height > 50));
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it("the replay page", async () => {
    const { match } = await createMatch(bed.server, "treasure-hunt", [{ agent: "random" }, { agent: "random" }], {}, 5);
    for (let i = 0; i < 120; ++i) {
      const summary = await (await fetch(`${bed.server.url}api/matches/${match}`)).json();
      if (summary.status === "finished") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const { page, context } = await newPlayer(bed.browser);
    await page.goto(`${bed.server.url}#/replay/${match}?seat=omniscient`);
    await page.locator(".replay-position").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
