// Short matches of every game against the computer, for the tests that check each game's page
// while it is played (layout, focus, animation): options that end a match soon (a turn or round
// limit, few barriers), how to get past a set-up, and a chooser that keeps the match moving.
import type { Page } from "playwright-core";
import { jokersLabyrinthUI } from "../src/games/jokers-labyrinth";
import { mazemakersUI } from "../src/games/mazemakers";
import { pathfinderBarriersUI } from "../src/games/pathfinder-barriers";
import { pathfinderCardsUI } from "../src/games/pathfinder-cards";
import { treasureHuntUI } from "../src/games/treasure-hunt";
import type { GameUI } from "../src/games/types";
import {
  createMatch, joinMatch, type MoveChooser, newPlayer, openSeat, randomChooser, type TestBed, waitForTurnOrEnd,
} from "./harness";

export interface ShortMatch {
  game: string;
  options: Record<string, unknown>;
  ui: GameUI;
  choose: MoveChooser;
  /** Gets the player past a set-up that is not played move by move (a generated grid). */
  setUp?: (page: Page) => Promise<void>;
  /** A place on the board that offers no move now, whose click the board answers in words. */
  illegalClick?: string;
}

/** The Runner heads for the Joker: explorations first (random play spends her hearts slowly). */
const explorer: MoveChooser = (state, clickable) => {
  const explores = clickable.filter((m) => m.startsWith("explore "));
  return randomChooser(state, explores.length ? explores : clickable);
};

/** Pathfinder's set-up: the computer's grid for this seat, sent with Done. */
async function generatedGrid(page: Page): Promise<void> {
  await page.locator('#board [data-editor="generate"]').click();
  await page.locator("#board .pfb-verdict-ok").waitFor({ timeout: 30_000 });
  const version = (await waitForTurnOrEnd(page)).version;
  await page.locator('#board [data-editor="done"]').click();
  await page.waitForFunction((v) => (window.__mazeworks?.state?.version ?? -1) > v, version);
}

export const SHORT_MATCHES: ShortMatch[] = [
  { game: "treasure-hunt", options: { turnLimit: 10 }, ui: treasureHuntUI, choose: randomChooser,
    illegalClick: "#board .th-card:not([role=button])" },
  { game: "pathfinder-barriers", options: { maxBarriers: 3, firstPlayer: "north" }, ui: pathfinderBarriersUI,
    choose: randomChooser, setUp: generatedGrid },
  { game: "pathfinder-cards", options: { roles: "seat0Runner", kingStudySeconds: 0 }, ui: pathfinderCardsUI,
    choose: explorer },
  { game: "mazemakers", options: { roundLimit: 3 }, ui: mazemakersUI, choose: randomChooser },
  { game: "jokers-labyrinth", options: { roundLimit: 3 }, ui: jokersLabyrinthUI, choose: randomChooser },
];

/** Creates the match (seat 0 human, seat 1 `random`) and opens seat 0's page, its board drawn. */
export async function openShortMatch(bed: TestBed, m: ShortMatch, viewport: { width: number; height: number },
  { paced = false, seed = 3 }: { paced?: boolean; seed?: number } = {}) {
  const { match } = await createMatch(bed.server, m.game, ["human", { agent: "random" }], m.options, seed);
  const { token } = await joinMatch(bed.server, match, 0);
  const player = await newPlayer(bed.browser, viewport, { paced });
  await openSeat(player.page, bed.server, match, 0, token);
  await player.page.waitForFunction(() =>
    [...document.querySelectorAll("#board svg")].some((s) => s.getBoundingClientRect().height > 50));
  await waitForTurnOrEnd(player.page);
  return player;
}
