// Every game's match page fits the common laptop screens (1366×768, 1280×800) without scrolling,
// from the first position through the middle of a match to its end: the page does not scroll, the
// whole board is on the screen, and the feedback of an illegal click or of a move the server
// refuses appears next to the turn prompt. Each game is played against the computer by clicking
// (short matches: a turn or round limit, few barriers), and checked at both sizes at each point.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { LAPTOP, createMatch, joinMatch, newPlayer, openSeat, playToEnd, screenshot, serverAndBrowser } from "./harness";
import { openShortMatch, SHORT_MATCHES, type ShortMatch } from "./short-matches";

const SCREENS = [LAPTOP, { width: 1280, height: 800 }];
/** The mid-game check comes before the player's move with this index. */
const MID = 4;
/** How far (px) the feedback may be from the turn prompt. */
const NEAR = 100;

interface Box { top: number; bottom: number; left: number; right: number }

/** What the checks read from the page, as boxes in the viewport. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const host = document.querySelector("#board")!;
    const svgs = [...host.querySelectorAll("svg")].map((s) => s.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0).sort((a, b) => b.width * b.height - a.width * a.height);
    const page = document.scrollingElement!;
    return {
      scroll: { height: page.scrollHeight, width: page.scrollWidth },
      host: box(host),
      hostOverflow: host.scrollHeight > host.clientHeight + 1 || host.scrollWidth > host.clientWidth + 1,
      drawing: svgs[0] ? { top: svgs[0].top, bottom: svgs[0].bottom, left: svgs[0].left, right: svgs[0].right } : null,
      notice: box(document.querySelector(".notice")),
      noticeText: document.querySelector(".notice")?.textContent ?? "",
      turn: box(document.querySelector(".match-header .turn")),
      viewport: { width: innerWidth, height: innerHeight },
    };
  });
}

function expectInside(what: string, box: Box | null, viewport: { width: number; height: number }): void {
  expect(box, what).not.toBeNull();
  expect(box!.top, `${what}: top`).toBeGreaterThanOrEqual(-1);
  expect(box!.left, `${what}: left`).toBeGreaterThanOrEqual(-1);
  expect(box!.bottom, `${what}: bottom`).toBeLessThanOrEqual(viewport.height + 1);
  expect(box!.right, `${what}: right`).toBeLessThanOrEqual(viewport.width + 1);
}

/** The feedback line is in view, within NEAR px of the turn prompt. */
function expectNearTurn(what: string, m: Awaited<ReturnType<typeof measure>>): void {
  expectInside(`${what}: the feedback`, m.notice, m.viewport);
  expect(m.turn, `${what}: the turn prompt`).not.toBeNull();
  const gap = m.notice!.top >= m.turn!.bottom ? m.notice!.top - m.turn!.bottom : m.turn!.top - m.notice!.bottom;
  expect(gap, `${what}: px between the turn prompt and the feedback`).toBeLessThanOrEqual(NEAR);
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The page at every screen size: no scrolling, the board inside, the feedback by the turn prompt. */
async function checkScreens(page: Page, name: string, feedback: boolean): Promise<void> {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await settle(page);
    const what = `${name} at ${screen.width}×${screen.height}`;
    const m = await measure(page);
    await screenshot(page, `fit-${name}-${screen.width}x${screen.height}`);
    expect(m.scroll.height, `${what}: the page's height (it must not scroll)`).toBeLessThanOrEqual(screen.height + 1);
    expect(m.scroll.width, `${what}: the page's width`).toBeLessThanOrEqual(screen.width + 1);
    expectInside(`${what}: the board`, m.host, m.viewport);
    expectInside(`${what}: the board's drawing`, m.drawing, m.viewport);
    expect(m.hostOverflow, `${what}: the board scrolls inside its box`).toBe(false);
    if (feedback) expect(m.noticeText, `${what}: the feedback`).not.toBe("");
    expectNearTurn(what, m);
  }
  await page.setViewportSize(LAPTOP);
}

/** Feedback while the player is to move: a move the server refuses, and an illegal click where the game has one. */
async function checkFeedback(page: Page, game: ShortMatch, name: string): Promise<void> {
  await page.locator("#notation").fill("not-a-move");
  await page.locator("#notation").press("Enter");
  await page.waitForFunction(() => (document.querySelector(".notice.refused")?.textContent ?? "") !== "");
  await checkScreens(page, `${name}-refused`, true);
  if (game.illegalClick) {
    await page.evaluate(() => (document.querySelector(".notice")!.textContent = ""));
    await page.locator(game.illegalClick).first().click();
    await page.waitForFunction(() => (document.querySelector(".notice")?.textContent ?? "") !== "");
    await checkScreens(page, `${name}-illegal-click`, true);
  }
}

describe("every board fits a laptop screen, from the start to the end of a match", () => {
  const bed = serverAndBrowser();

  for (const game of SHORT_MATCHES) {
    it(`${game.game} at ${SCREENS.map((s) => `${s.width}×${s.height}`).join(" and ")}`, async () => {
      let mid = false;
      // A match over before the mid-game check (a Runner can win early) is followed by another.
      for (let seed = 3; !mid && seed < 7; ++seed) {
        const { page, context, errors } = await openShortMatch(bed, game, LAPTOP, { seed });
        await checkScreens(page, `${game.game}-start`, false);
        await checkFeedback(page, game, `${game.game}-start`);
        if (game.setUp) await game.setUp(page);
        const final = await playToEnd(page, game.ui, game.choose, 2000, async (moves) => {
          if (moves !== MID) return;
          mid = true;
          await checkScreens(page, `${game.game}-mid`, false);
          await checkFeedback(page, game, `${game.game}-mid`);
        });
        expect(final.status).toBe("finished");
        await page.locator(".result-banner").waitFor();
        await checkScreens(page, `${game.game}-end`, false);
        expect(errors).toEqual([]);
        await context.close();
      }
      expect(mid, "a match lasted to the mid-game check").toBe(true);
    });
  }

  // The Maze Maker's first screen is the editor: its table, tray and buttons fit too.
  it("pathfinder-cards: the Maze Maker's editor at the start", async () => {
    const maker = { ...SHORT_MATCHES.find((m) => m.game === "pathfinder-cards")!, options: { roles: "seat0Maker" } };
    const { page, context, errors } = await openShortMatch(bed, maker, LAPTOP);
    await page.locator("#board .pfe-table").waitFor();
    await checkScreens(page, "pathfinder-cards-maker-start", false);
    await checkFeedback(page, maker, "pathfinder-cards-maker-start");
    expect(errors).toEqual([]);
    await context.close();
  });

  // A phone (390×844): Joker's Labyrinth's turn line and buttons come before the Dungeon, in view;
  // MazeMakers' squares stay big enough for a finger (at least 44 px; the board scrolls sideways).
  it("phone: Joker's Labyrinth's buttons above the board, MazeMakers' squares a finger wide", async () => {
    const phone = { width: 390, height: 844 };
    for (const game of ["jokers-labyrinth", "mazemakers"]) {
      const { match } = await createMatch(bed.server, game, ["human", { agent: "random" }], {}, 3);
      const { token } = await joinMatch(bed.server, match, 0);
      const { page, context } = await newPlayer(bed.browser, phone);
      await openSeat(page, bed.server, match, 0, token);
      await page.waitForFunction(() =>
        [...document.querySelectorAll("#board svg")].some((s) => s.getBoundingClientRect().height > 50));
      const box = await page.evaluate(() => {
        const rect = (q: string) => document.querySelector(q)?.getBoundingClientRect();
        return { controls: rect(".jl-controls button")?.bottom, dungeon: rect(".jl-dungeon")?.top,
          tile: rect(".mm-svg .mm-tile")?.width };
      });
      await screenshot(page, `phone-${game}`);
      if (game === "jokers-labyrinth") {
        expect(box.controls, "a Jack to choose, in view").toBeLessThanOrEqual(phone.height);
        expect(box.controls!, "the buttons before the Dungeon").toBeLessThan(box.dungeon!);
      } else {
        expect(box.tile! / 2, "a square's width in px").toBeGreaterThanOrEqual(44);
      }
      await context.close();
    }
  });
});
