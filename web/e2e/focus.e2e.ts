// The keyboard focus stays on the board after every move, in every game: a move made from the
// keyboard (Tab to a place of the board, Enter) or by clicking leaves the focus inside #board,
// never on the page's body, both once the move is shown and after the computer's reply.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { BoardState } from "../src/games/types";
import { LAPTOP, serverAndBrowser, waitForTurnOrEnd } from "./harness";
import { openShortMatch, SHORT_MATCHES, type ShortMatch } from "./short-matches";

/** Moves played per game at least, alternately from the keyboard and by clicking. */
const MOVES = 6;

/** Where the focus is: inside the board, or what holds it instead. */
async function focusPlace(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "the page's body";
    if (document.getElementById("board")?.contains(active)) return "board";
    return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ""}.${active.className}`;
  });
}

/** Plays `move` through the board: each of its clicks by pressing Enter on the focused place, or by clicking. */
async function play(page: Page, m: ShortMatch, state: BoardState, move: string, keyboard: boolean): Promise<void> {
  for (const selector of m.ui.clicksFor(move, state)!) {
    const target = page.locator(`#board ${selector}`).first();
    if (keyboard) {
      await target.focus();
      await page.keyboard.press("Enter");
    } else {
      await target.click();
    }
  }
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, state.version, { timeout: 30_000 });
}

describe("the focus stays on the board after every move", () => {
  const bed = serverAndBrowser();

  for (const m of SHORT_MATCHES) {
    it(m.game, async () => {
      let replies = 0;
      let moves = 0;
      // At least MOVES moves, and on until the computer has answered one: in another match if this
      // one ends first (a Runner can win or lose before the computer Maker has to act).
      for (let seed = 3; (moves < MOVES || replies === 0) && seed < 12; ++seed) {
        const { page, context, errors } = await openShortMatch(bed, m, LAPTOP, { seed });
        if (m.setUp) {
          await m.setUp(page);
          await waitForTurnOrEnd(page);
          expect(await focusPlace(page), "after the set-up's last click").toBe("board");
        }
        for (let i = 0; (i < MOVES || replies === 0) && i < 40; ++i, ++moves) {
          const state = await waitForTurnOrEnd(page);
          if (state.status === "finished") break;
          const clickable = state.legal.filter((move) => m.ui.clicksFor(move, state) !== null);
          const move = m.choose(state, clickable);
          const how = i % 2 === 0 ? "the keyboard" : "a click";
          await play(page, m, state, move, i % 2 === 0);
          expect(await focusPlace(page), `after ${move} from ${how}`).toBe("board");
          const next = await waitForTurnOrEnd(page);
          const last = state.events[state.events.length - 1]?.n ?? -1;
          const replied = next.events.some((e) => e.n > last && typeof e.player === "number" && e.player !== 0);
          if (replied) replies++;
          expect(await focusPlace(page), `after ${move} from ${how}${replied ? " and the computer's reply" : ""}`)
            .toBe("board");
        }
        expect(errors).toEqual([]);
        await context.close();
      }
      expect(moves, "moves played").toBeGreaterThanOrEqual(MOVES);
      expect(replies, "moves the computer answered").toBeGreaterThan(0);
    });
  }
});
