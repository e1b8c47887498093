// The replay of a finished match: step with the buttons, the slider and the arrow keys, from the
// referee's side and from one seat's; the board is drawn read-only.
import { describe, expect, it } from "vitest";
import { createMatch, expectNoConsoleErrors, newPlayer, pageState, screenshot, serverAndBrowser,
  watchPublishedStates } from "./harness";

describe("replay", () => {
  const bed = serverAndBrowser();

  it("steps through a finished match", async () => {
    const { match } = await createMatch(bed.server, "treasure-hunt",
      [{ agent: "random" }, { agent: "random" }], {}, 5);
    // two computers finish on their own
    for (let i = 0; i < 120; ++i) {
      const summary = await (await fetch(`${bed.server.url}api/matches/${match}`)).json();
      if (summary.status === "finished") break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const { page, errors, context } = await newPlayer(bed.browser);
    await page.goto(`${bed.server.url}#/replay/${match}?seat=omniscient`);
    const position = page.locator(".replay-position");
    await expect.poll(() => position.textContent()).toMatch(/^Step 0 of \d+ · set-up$/);
    const steps = Number((await position.textContent())!.match(/of (\d+)/)![1]);
    expect(steps).toBeGreaterThan(5);
    let state = await pageState(page);
    expect(state.interactive).toBe(false);
    expect(state.version).toBe(0);

    // By turn: the whole deal is the first turn (25 cards and the Treasure Marker), then Green's.
    await page.locator("#replay-turn-forward").click();
    await expect.poll(async () => (await pageState(page)).version).toBe(26);
    await expect.poll(() => position.textContent()).toMatch(/ · turn 1 of \d+$/);
    await page.locator("#replay-turn-back").click();
    await expect.poll(async () => (await pageState(page)).version).toBe(0);
    await page.locator("#replay-forward").click();
    await expect.poll(async () => (await pageState(page)).version).toBe(1);
    await page.locator("#replay-last").click();
    await expect.poll(() => position.textContent()).toMatch(new RegExp(`^Step ${steps} of ${steps} — the end · turn (\\d+) of \\1$`));
    state = await pageState(page);
    expect(state.status).toBe("finished");
    await screenshot(page, "replay-end");
    await page.locator("body").press("Shift+ArrowLeft");
    await expect.poll(async () => (await pageState(page)).version).toBe(steps - 1);
    await page.locator("body").press("ArrowLeft"); // the start of the last turn
    await expect.poll(async () => (await pageState(page)).version).toBeLessThan(steps - 1);
    await page.locator("body").press("Home");
    await expect.poll(async () => (await pageState(page)).version).toBe(0);
    await page.locator("#replay-slider").fill(String(Math.floor(steps / 2)));
    await expect.poll(async () => (await pageState(page)).version).toBe(Math.floor(steps / 2));
    // The log names the seats as the game does (Green, Purple), as the match page does.
    const actors = async () => (await page.locator(".event-list .actor").allInnerTexts()).join("|");
    await expect.poll(actors).toMatch(/Green/);
    expect(await actors()).toMatch(/Purple/);
    expect(await actors()).not.toMatch(/Player \d/);
    expect(await page.locator("#replay-observer option[value='1']").innerText()).toBe("Purple");

    // every state the page publishes for the new observer: the same step, never the end first
    await watchPublishedStates(page);
    await page.evaluate(() => {
      const seen: [number | null, number][] = [];
      window.__stateWatchers!.push((value) => {
        if (value?.state) seen.push([value.state.seat, value.state.version]);
      });
      (window as unknown as { seen: typeof seen }).seen = seen;
    });
    await page.locator("#replay-observer").selectOption("1");
    await expect.poll(async () => (await pageState(page)).seat).toBe(1);
    // the same step, seen by other eyes; the address names it
    expect((await pageState(page)).version).toBe(Math.floor(steps / 2));
    const drawn = await page.evaluate(() => (window as unknown as { seen: [unknown, number][] }).seen);
    expect(new Set(drawn.filter(([seat]) => seat === 1).map(([, version]) => version)))
      .toEqual(new Set([Math.floor(steps / 2)]));
    expect(page.url()).toContain(`seat=1&step=${Math.floor(steps / 2)}`);
    expect((await pageState(page)).interactive).toBe(false);
    await screenshot(page, "replay-seat-1");
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
