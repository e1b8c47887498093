// The browser receives the full state once, then patches (docs/server.md, "Patches"), and the
// board it draws from them is the server's own view: after each move the page's view equals the
// view the server reports for the seat (its record during play), and after a reload the first
// message is a full state again.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createMatch, expectNoConsoleErrors, joinMatch, newPlayer, openSeat, pageState, playFromList,
  serverAndBrowser, waitForTurnOrEnd, type RunningServer } from "./harness";

/** The types of the game's messages the page receives, in order (presence and replies left out). */
function recordStateFrames(page: Page): string[] {
  const types: string[] = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", ({ payload }) => {
      const type = (JSON.parse(String(payload)) as { type: string }).type;
      if (type === "state" || type === "patch") types.push(type);
    });
  });
  return types;
}

async function serverView(server: RunningServer, match: string, token: string): Promise<{ version: number; view: unknown }> {
  const res = await fetch(new URL(`/api/matches/${match}/record`, server.url), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { version: number; view: unknown };
}

describe("patches", () => {
  const bed = serverAndBrowser();

  it("a full state first, then patches that draw the server's own view", async () => {
    const { match } = await createMatch(bed.server, "treasure-hunt", ["human", { agent: "random" }], {}, 21);
    const { token } = await joinMatch(bed.server, match, 0);
    const { page, errors, context } = await newPlayer(bed.browser);
    const frames = recordStateFrames(page);
    await openSeat(page, bed.server, match, 0, token);
    let state = await waitForTurnOrEnd(page);
    for (let move = 0; move < 6 && state.status !== "finished"; ++move) {
      await playFromList(page, state, state.legal[move % state.legal.length]);
      state = await waitForTurnOrEnd(page);
      const server = await serverView(bed.server, match, token);
      expect(server.version).toBe(state.version);
      expect(state.view).toEqual(server.view);
    }
    expect(frames[0]).toBe("state");
    expect(frames.slice(1).length).toBeGreaterThanOrEqual(6);
    expect(frames.slice(1).every((t) => t === "patch")).toBe(true);

    frames.length = 0;
    await page.reload();
    await page.waitForFunction(() => window.__mazeworks?.state != null, null, { timeout: 20_000 });
    state = await waitForTurnOrEnd(page);
    expect(frames[0]).toBe("state");
    expect((await pageState(page)).view).toEqual((await serverView(bed.server, match, token)).view);
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
