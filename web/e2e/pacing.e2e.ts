// Computer moves are paced: a player's move shows at once, the computer's reply a moment later
// (app/pacer.ts, 300 ms), and what the reply changed on the board flashes (app/changed-cells.ts).
// Times are read in the page, as each state the board is drawn from is published.
import { describe, expect, it } from "vitest";
import { treasureHuntUI } from "../src/games/treasure-hunt";
import { clickMove, createMatch, expectNoConsoleErrors, joinMatch, newPlayer, openSeat,
  screenshot, waitForTurnOrEnd, serverAndBrowser, watchPublishedStates } from "./harness";

interface Shown { n: number; player: number | "chance"; t: number; lit: number }

declare global {
  interface Window { __paceLog?: Shown[] }
}

describe("pacing computer moves", () => {
  const bed = serverAndBrowser();

  it("shows the computer's reply about 300 ms after the player's move, its changes lit", async () => {
    const { match } = await createMatch(bed.server, "treasure-hunt", ["human", { agent: "random" }],
      { firstPlayer: "green" }, 3);
    const player = await newPlayer(bed.browser, undefined, { paced: true });
    const { page } = player;
    await openSeat(page, bed.server, match, 0, (await joinMatch(bed.server, match, 0)).token);
    let state = await waitForTurnOrEnd(page);
    // Each time the page publishes a newly drawn state: when, and, once the handler that drew it
    // is done, how many board cells it lit.
    await watchPublishedStates(page);
    await page.evaluate(() => {
      window.__paceLog = [];
      let last = -1;
      window.__stateWatchers!.push((value) => {
        const events = value?.state?.events ?? [];
        const newest = events[events.length - 1];
        if (!newest || newest.n === last) return;
        last = newest.n;
        const shown: Shown = { n: newest.n, player: newest.player, t: performance.now(), lit: 0 };
        window.__paceLog!.push(shown);
        queueMicrotask(() => { shown.lit = document.querySelectorAll("#board .mw-changed").length; });
      });
    });
    for (let action = 0; action < 2; action++) {  // a swap, then a step
      await clickMove(page, treasureHuntUI, state, state.legal[0]);
      state = await waitForTurnOrEnd(page);
    }
    // Back to Green: the computer's swap and step were shown on the way.
    const log = await page.evaluate(() => window.__paceLog!);
    const ours = log.filter((e) => e.player === 0);
    const reply = log.find((e) => e.player === 1);
    expect(ours.length).toBeGreaterThan(0);
    expect(reply, JSON.stringify(log)).toBeDefined();
    const step = ours[ours.length - 1];
    expect(reply!.n).toBeGreaterThan(step.n);
    expect(reply!.t - step.t, JSON.stringify(log)).toBeGreaterThanOrEqual(250);
    const replies = log.filter((e) => e.player === 1);
    expect(replies.some((e) => e.lit > 0), JSON.stringify(log)).toBe(true);
    await screenshot(page, "pacing-after-computer-move");
    expectNoConsoleErrors(player.errors);
    await player.context.close();
  });
});
