// Pathfinder (cards) in a real Chromium against a real `mazeworks serve`: a human Runner plays a
// computer Maker to the end by clicking on the board (the square board, the advanced game, the hex
// board on a phone-sized screen), with a screenshot at the start and the end of each game.
import { describe, expect, it } from "vitest";
import { type MoveChooser, playMatchByClicks, serverAndBrowser, PHONE } from "./harness";
import { pathfinderCardsUI } from "../src/games/pathfinder-cards";

/**
 * A Runner that heads for the Joker: the Compass as soon as it is usable, then exploration; she
 * spends no special heart (a random Runner throws her hearts away on powers and recalls, which
 * makes the games long and says nothing more about the board). Every other decision (a save,
 * a count, a prediction, a King answer) is random among the clickable moves.
 */
const towardTheJoker: MoveChooser = (_state, clickable) => {
  const pick = (moves: string[]) => moves[Math.floor(Math.random() * moves.length)];
  if (clickable.includes("use-compass")) return "use-compass";
  const explores = clickable.filter((m) => m.startsWith("explore "));
  if (explores.length) return pick(explores);
  const calm = clickable.filter((m) => !/^(advisor|pathfinder|seer|mover|recall |withdraw|q )/.test(m));
  return pick(calm.length ? calm : clickable);
};

const bed = serverAndBrowser();

async function playRunnerGame(name: string, maker: string, options: Record<string, unknown>, seed: number,
  viewport?: { width: number; height: number }) {
  await playMatchByClicks(bed.server, bed.browser, {
    name, game: "pathfinder-cards", seats: ["human", { agent: maker }],
    options: { roles: "seat0Runner", kingStudySeconds: 0, ...options }, seed, viewport,
    ui: pathfinderCardsUI, choose: towardTheJoker, maxMoves: 400,
    boardReady: "#board .pfc-maze-svg [data-cell]", minEvents: 5,
    atEnd: async (page) => {
      // At the end everything is revealed: no card back is left on the Runner's board.
      expect(await page.locator("#board .pfc-back").count()).toBe(0);
      expect(await page.locator("#board .pfc-prompt").textContent()).toMatch(/Game over/);
    },
  });
}

describe("pathfinder-cards in the browser", () => {
  it("a Runner plays a random Maker to the end on the square board", async () => {
    await playRunnerGame("pathfinder-cards", "random", {}, 11);
  });

  it("a Runner plays a random Maker to the end in the advanced game", async () => {
    await playRunnerGame("pathfinder-cards-advanced", "random", { advanced: true }, 13);
  });

  it("a Runner plays the baseline Maker to the end on the hex board, on a phone", async () => {
    await playRunnerGame("pathfinder-cards-hex-phone", "baseline", { board: "hex" }, 12, PHONE);
  });
});
