// Every game's board fits the common laptop screens (1366×768, 1280×800) without scrolling: the
// whole board, the turn prompt and the place where feedback appears are in view at once.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { createMatch, joinMatch, newPlayer, openSeat, screenshot, type RunningServer,
  withServerAndBrowser } from "./harness";

const GAMES = ["treasure-hunt", "pathfinder-barriers", "pathfinder-cards", "mazemakers", "jokers-labyrinth"];
const SCREENS = [{ width: 1366, height: 768 }, { width: 1280, height: 800 }];

/** The board's drawing (its largest SVG) and the feedback line, as boxes in the viewport. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const svgs = [...document.querySelectorAll<SVGSVGElement>("#board svg")];
    const board = svgs.map((s) => s.getBoundingClientRect()).sort((a, b) => b.width * b.height - a.width * a.height)[0];
    const notice = document.querySelector(".notice")!.getBoundingClientRect();
    const turn = document.querySelector(".match-header .turn")!.getBoundingClientRect();
    return { board: board && { top: board.top, bottom: board.bottom, right: board.right },
      notice: notice.top, turn: turn.bottom, height: innerHeight, width: innerWidth };
  });
}

describe("boards fit a laptop screen", () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  for (const game of GAMES) {
    it(`${game} at ${SCREENS.map((s) => `${s.width}×${s.height}`).join(" and ")}`, async () => {
      const { match } = await createMatch(server, game, ["human", { agent: "random" }], {}, 3);
      const { token } = await joinMatch(server, match, 0);
      for (const viewport of SCREENS) {
        const { page, context } = await newPlayer(browser, viewport);
        await openSeat(page, server, match, 0, token);
        await page.waitForFunction(() =>
          [...document.querySelectorAll("#board svg")].some((s) => s.getBoundingClientRect().height > 50));
        const box = await layout(page);
        await page.screenshot({ path: await screenshot(page, `fit-${game}-${viewport.width}x${viewport.height}`) });
        expect(box.board, game).toBeTruthy();
        expect(box.board!.bottom, `${game} board bottom at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(viewport.height);
        expect(box.board!.right, `${game} board right`).toBeLessThanOrEqual(viewport.width);
        expect(box.notice, `${game} feedback line`).toBeLessThanOrEqual(viewport.height);
        await context.close();
      }
    });
  }
});
