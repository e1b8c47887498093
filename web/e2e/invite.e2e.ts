// Two players in two browsers: A creates a match with a friend seat in the lobby, B opens the
// invite link, and they play Pathfinder Barriers (a hidden home grid each) until it ends or for
// many moves. After every move, neither page's DOM may hold anything of the other seat's view that
// its own view does not (the other's pawn and barriers: secrets until the game is over).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { contentWithoutTheRules, createInLobby, expectNoConsoleErrors, newPlayer, pageState,
  playByNotation, playFromList, screenshot, waitForState, serverAndBrowser } from "./harness";
import { leakContext, leakedInto, secretsOf, withoutDataAttributes } from "./leaks";
import type { BoardState } from "../src/games/types";

const MAX_MOVES = 400;

async function waitForVersion(page: Page, version: number): Promise<BoardState> {
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) >= v, version, { timeout: 30_000 });
  return pageState(page);
}

/** Neither page shows the other's secrets (checked while the game is on: at the end all is shown). */
async function expectNoLeaks(a: Page, b: Page): Promise<number> {
  const [sa, sb] = [await pageState(a), await pageState(b)];
  if (sa.status === "finished" || sb.status === "finished") return 0;
  const secretsOfB = secretsOf(sb, sa);
  const secretsOfA = secretsOf(sa, sb);
  for (const [page, secrets, what] of [[a, secretsOfB, "B's secrets on A's page"],
    [b, secretsOfA, "A's secrets on B's page"]] as const) {
    const html = withoutDataAttributes(await contentWithoutTheRules(page));
    expect(leakContext(html, leakedInto(html, secrets)), what).toEqual([]);
  }
  return secretsOfA.length + secretsOfB.length;
}

/**
 * The detector works on this very page: a secret of A's written into B's page is found (then
 * removed). Run once, while A has a secret; proves the check above is not vacuous.
 */
async function expectDetectorFindsAPlantedLeak(a: Page, b: Page): Promise<boolean> {
  const secrets = secretsOf(await pageState(a), await pageState(b));
  if (secrets.length === 0) return false;
  await b.evaluate((s) => {
    const p = document.createElement("p");
    p.id = "planted-leak";
    p.textContent = `planted: ${s}`;
    document.body.append(p);
  }, secrets[0]);
  const html = withoutDataAttributes(await b.content());
  await b.evaluate(() => document.getElementById("planted-leak")?.remove());
  expect(leakedInto(html, secrets)).toContain(secrets[0]);
  return true;
}

/** Prefers finishing the set-up and moving on, so that a random game ends in reasonable time. */
function chooseMove(legal: string[]): string {
  const done = legal.find((m) => m === "done");
  if (done && Math.random() < 0.3) return done;
  return legal[Math.floor(Math.random() * legal.length)];
}

describe("two players by invite link", () => {
  const bed = serverAndBrowser();

  it("joins by the link and plays without either page holding the other's hidden grid", async () => {
    const a = await newPlayer(bed.browser);
    const b = await newPlayer(bed.browser);
    await createInLobby(a.page, bed.server, "pathfinder-barriers", ["you", "friend"]);
    const invite = await a.page.locator(".created .invite-url").inputValue();
    expect(invite).toMatch(/#\/join\/[0-9a-f]+$/);
    await screenshot(a.page, "invite-created");
    await a.page.locator("#go-to-match").click();
    await waitForState(a.page);

    await b.page.goto(invite);
    const first = await waitForState(b.page);
    expect(first.seat).toBe(1);
    await waitForState(a.page);
    // A is told of the join at once (the summary poll would take 4 s), and the header follows.
    const news = a.page.locator(".notice");
    await news.filter({ hasText: /South (joined the match|is here)\./ }).waitFor({ timeout: 2_000 });
    expect(await a.page.locator(".match-header .seats").innerText()).not.toContain("waiting for someone");
    await screenshot(a.page, "invite-start-a");
    await screenshot(b.page, "invite-start-b");

    let secretsSeen = 0;
    let plantedLeakFound = false;
    let moves = 0;
    for (; moves < MAX_MOVES; ++moves) {
      const states = [await pageState(a.page), await pageState(b.page)];
      if (states.some((s) => s.status === "finished")) break;
      const mover = states.findIndex((s) => s.interactive && s.legal.length > 0);
      // Each seat's version counts only the events it is told of (not the other's set-up
      // steps), so each page is compared with its own earlier version.
      if (mover < 0) {
        await Promise.race([a.page, b.page].map((p, i) => p.waitForFunction((v) =>
          (window.__mazeworks?.state?.version ?? -1) > v, states[i].version, { timeout: 30_000 })));
        continue;
      }
      const page = mover === 0 ? a.page : b.page;
      const other = mover === 0 ? b.page : a.page;
      const state = states[mover];
      const move = chooseMove(state.legal);
      if (moves % 2 === 0) await playFromList(page, state, move);
      else await playByNotation(page, state, move);
      await waitForVersion(page, state.version + 1);
      // The other page moves on when the move is one it is told of; a set-up step leaves it
      // as it was, which is the point. A push on loopback takes milliseconds: the short wait only
      // lets the check below see it, and a page that is told later is checked after the next move.
      await other.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v,
        states[1 - mover].version, { timeout: 200 }).catch(() => undefined);
      secretsSeen += await expectNoLeaks(a.page, b.page);
      if (!plantedLeakFound) plantedLeakFound = await expectDetectorFindsAPlantedLeak(a.page, b.page);
    }
    // The test must have had something to protect: the grids were hidden for most of the game.
    expect(secretsSeen).toBeGreaterThan(0);
    expect(plantedLeakFound).toBe(true);
    const finished = (await pageState(a.page)).status === "finished";
    expect(finished || moves === MAX_MOVES, "played to the end or for many moves").toBe(true);
    await screenshot(a.page, "invite-end-a");
    await screenshot(b.page, "invite-end-b");
    expectNoConsoleErrors(a.errors, "A's page");
    expectNoConsoleErrors(b.errors, "B's page");
    await a.context.close();
    await b.context.close();
  });
});
