// The Advisor (Pathfinder, the card game) in a real Chromium against a real `mazeworks serve`: the
// Runner builds questions in sentences, asks them, and reads each answer where she asked it, in
// the Known list and, as one sentence, in the event log; the builder passes an axe-core scan.
import { describe, expect, it } from "vitest";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import {
  clickMove, createMatch, joinMatch, newPlayer, openSeat, pageState, screenshot,
  waitForTurnOrEnd, serverAndBrowser,
} from "./harness";
import { pathfinderCardsUI } from "../src/games/pathfinder-cards";
import { QUESTION_KINDS } from "../src/games/pathfinder-cards/question-choices";

const bed = serverAndBrowser();

const press = (root: Locator, name: string) => root.getByRole("button", { name, exact: true }).click();

/** Picks `value` in the builder's list and presses the button beside it ("Use this place"). */
async function choose(builder: Locator, value: string, action: string): Promise<void> {
  await builder.locator(".pfc-question-step select").selectOption(value);
  await press(builder, action);
}

/** Presses Ask once the server has accepted the question, and waits for the answer to come. */
async function ask(page: Page, builder: Locator): Promise<void> {
  const version = (await pageState(page)).version;
  const button = builder.locator("button.pfc-ask");
  await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
  await button.click();
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, version, { timeout: 30_000 });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include("#board").analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

describe("the Advisor in the browser", () => {
  it("a Runner asks questions in sentences and sees each answer beside it and in the log", async () => {
    const created = await createMatch(bed.server, "pathfinder-cards", ["human", { agent: "random" }],
      { roles: "seat0Runner", kingStudySeconds: 0 }, 21);
    const { token } = await joinMatch(bed.server, created.match, 0);
    const { context, page, errors } = await newPlayer(bed.browser);
    try {
      await openSeat(page, bed.server, created.match, 0, token);
      let state = await waitForTurnOrEnd(page);
      // The Compass first (never the Advisor: she keeps it to ask).
      await clickMove(page, pathfinderCardsUI, state, state.legal.find((m) => /^compass (?!10H)/.test(m))!);
      state = await waitForTurnOrEnd(page);
      expect(state.legal).toContain("advisor");
      // The coordinates the questions use are drawn on the table.
      expect(await page.locator("#board .pfc-coord-col").count()).toBeGreaterThan(1);
      expect(await page.locator("#board .pfc-coord-row").count()).toBeGreaterThan(1);

      // From MAIN: the builder waits behind "Spend the Advisor"; nothing is spent while building.
      await page.locator("#board details.pfc-question-wrap > summary").click();
      const builder = page.locator("#board .pfc-question");
      const sentence = builder.locator(".pfc-question-sentence");
      await press(builder, QUESTION_KINDS.dist);
      expect(await sentence.innerText()).toBe("Is … … … steps from … along diamonds?");
      const ad = state.view.cards.find((c: { card?: string }) => c.card === "AD").cell as string;
      await choose(builder, `(${ad})`, "Use this place");
      await press(builder, "the Joker");
      await press(builder, "within (at most)");
      expect(await seriousViolations(page)).toEqual([]); // mid-way: buttons, a list, Back
      await screenshot(page, "advisor-builder-step");
      await choose(builder, "3", "Use this number");
      const first = `Is the Joker within 3 steps of the A♦ at ${ad} along diamonds?`;
      expect(await sentence.innerText()).toBe(first);
      expect(await builder.locator(".pfc-question-aql code").innerText()).toBe(`dist((${ad}), joker) <= 3`);
      await screenshot(page, "advisor-builder");
      await ask(page, builder);

      // The answer where she asked it, the same as the engine's, and the builder for question 2.
      state = await pageState(page);
      expect(state.view.decision).toBe("ask");
      const yes = state.view.answers[0].answer === "yes" ? "Yes" : "No";
      const answer = page.locator("#board .pfc-advisor .pfc-advisor-answer");
      expect(await answer.innerText()).toBe(`The Advisor answered: ${first} — ${yes}`);
      expect(await page.locator("#board .pfc-knowledge").innerText())
        .toContain(`Advisor: Is the Joker within 3 steps of ${ad} along diamonds? — ${yes}`);
      // In the log: one line for the whole question (its tokens are only the notation's title).
      const phrase = page.locator(".event-log li.phrase");
      await expect.poll(() => phrase.count()).toBe(1);
      expect(await phrase.locator(".words").innerText())
        .toBe(`asked the Advisor: “Is the Joker within 3 steps of ${ad} along diamonds?” — ${yes}`);
      expect(await page.locator(".event-log").innerText()).not.toContain("to the question");

      // Question 2, at the Advisor: a row, joined with "not".
      await expect.poll(() => builder.isVisible()).toBe(true);
      await press(builder, QUESTION_KINDS.not);
      await press(builder, QUESTION_KINDS.joker_in);
      await press(builder, "in row [n]");
      await choose(builder, "0", "Use this number");
      const second = "Is it false that the Joker is in row 0?";
      expect(await sentence.innerText()).toBe(second);
      await ask(page, builder);
      state = await waitForTurnOrEnd(page);
      const yes2 = state.view.answers[1].answer === "yes" ? "Yes" : "No";
      // Kept after the Advisor is done, until the next question.
      expect(state.view.decision).not.toBe("ask");
      expect(await answer.innerText()).toBe(`The Advisor answered: ${second} — ${yes2}`);
      await expect.poll(() => phrase.count()).toBe(2);
      expect(await phrase.nth(1).locator(".words").innerText()).toBe(`asked the Advisor: “${second}” — ${yes2}`);
      await screenshot(page, "advisor-answered");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
