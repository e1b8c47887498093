// A dropped connection: the server is restarted on the same port and database; the page says it
// is reconnecting, comes back by itself with the full state, and play continues.
import { describe, expect, it } from "vitest";
import { createMatch, expectNoConsoleErrors, joinMatch, newPlayer, openSeat, screenshot,
  waitForTurnOrEnd, playFromList, serverAndBrowser } from "./harness";

describe("reconnect", () => {
  const bed = serverAndBrowser();

  it("comes back after a bed.server restart and play continues", async () => {
    const { match } = await createMatch(bed.server, "treasure-hunt", ["human", { agent: "random" }], {}, 11);
    const { token } = await joinMatch(bed.server, match, 0);
    const { page, errors, context } = await newPlayer(bed.browser);
    await openSeat(page, bed.server, match, 0, token);
    let state = await waitForTurnOrEnd(page);
    await playFromList(page, state, state.legal[0]);
    state = await waitForTurnOrEnd(page);
    const before = state.version;

    // Records every connection status the header shows from now on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStatus: string[] }).seenStatus = seen;
      new MutationObserver(() => {
        const text = document.querySelector(".connection")?.textContent;
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await bed.server.restart();
    // The drop is seen (the page says so), then the page is connected again by itself.
    await page.waitForFunction(() => document.querySelector(".connection")?.textContent === "connected",
      null, { timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { seenStatus: string[] }).seenStatus);
    expect(seen).toContain("reconnecting…");
    expect(seen[seen.length - 1]).toBe("connected");
    state = await waitForTurnOrEnd(page);
    expect(state.version).toBe(before);
    await playFromList(page, state, state.legal[0]);
    const after = await waitForTurnOrEnd(page);
    expect(after.version).toBeGreaterThan(before);
    await screenshot(page, "reconnect-after");
    // While the server was down Chromium itself reports the refused WebSocket attempts; those are
    // the drop being tested, not errors of the app.
    expectNoConsoleErrors(errors.filter((e) => !/WebSocket connection to .* failed/.test(e)));
    await context.close();
  });
});
