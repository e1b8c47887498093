// Every game's board fits the common laptop screens (1366×768, 1280×800) without scrolling: the
// whole board, the turn prompt and the place where feedback appears are in view at once.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createMatch, joinMatch, newPlayer, openSeat, screenshot, serverAndBrowser } from "./harness";

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
  const bed = serverAndBrowser();

  for (const game of GAMES) {
    it(`${game} at ${SCREENS.map((s) => `${s.width}×${s.height}`).join(" and ")}`, async () => {
      const { match } = await createMatch(bed.server, game, ["human", { agent: "random" }], {}, 3);
      const { token } = await joinMatch(bed.server, match, 0);
      for (const viewport of SCREENS) {
        const { page, context } = await newPlayer(bed.browser, viewport);
        await openSeat(page, bed.server, match, 0, token);
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
      await page.screenshot({ path: await screenshot(page, `phone-${game}`) });
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
