// The Joker's Labyrinth in a real Chromium against a real `mazeworks serve`: a human seat plays
// computer opponents to the end by clicking on the board (2 players against `random`, 3
// players with other options, 4 players against `random` and `heuristic` on a phone-sized
// screen), with a screenshot at the start and the end of each; and a match played until it has
// had fights keeps every fight's sentence in the log after a reload and in the replay.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  clickMove, createMatch, joinMatch, type MoveChooser, newPlayer, openSeat, playMatchByClicks, type SeatSpec,
  serverAndBrowser, PHONE, screenshot, waitForState, waitForTurnOrEnd } from "./harness";
import { jokersLabyrinthUI } from "../src/games/jokers-labyrinth";
import {
  parseBoardCell, parseCard, parseCell, step, type Direction,
} from "../src/games/jokers-labyrinth/notation";
import { type LastFight } from "../src/games/jokers-labyrinth/fight";
import type { BoardState, GameUI } from "../src/games/types";

function contentAt(state: BoardState, cell: string | null) {
  const p = cell ? parseCell(cell) : null;
  return p ? parseBoardCell(state.view.board[p.row][p.col]) : null;
}

function distance(a: string, b: string): number {
  const p = parseCell(a)!;
  const q = parseCell(b)!;
  return Math.abs(p.row - q.row) + Math.abs(p.col - q.col);
}

/** Where the seat heads: the nearest face-up Joker, else the nearest face-down card. */
function goal(state: BoardState, from: string): string | null {
  const cells: { cell: string; joker: boolean }[] = [];
  state.view.board.forEach((row: string[], r: number) => row.forEach((_text, c: number) => {
    const cell = `${"zabcdefgh"[c]}${r}`;
    const content = contentAt(state, cell)!;
    if (content.kind === "down") cells.push({ cell, joker: false });
    if (content.kind === "up" && parseCard(content.card)?.joker) cells.push({ cell, joker: true });
  }));
  const jokers = cells.filter((c) => c.joker);
  const pool = jokers.length ? jokers : cells;
  pool.sort((a, b) => distance(from, a.cell) - distance(from, b.cell));
  return pool[0]?.cell ?? null;
}

function valueOf(card: string): number {
  const c = parseCard(card);
  return !c || c.joker ? 0 : c.rank;
}

/**
 * A seat that goes for the Jokers (the game ends when one player holds two): it picks up every
 * card and dropped Joker it can reach, fights a Joker only with a strong value card (a hopeless
 * fight only adds debt), pays its debt, reveals and walks towards the nearest Joker or the
 * unexplored cards, and ends its turn when nothing useful is left. Random play would only wander
 * until the round limit.
 */
const forTheJokers: MoveChooser = (state, clickable) => {
  const pick = (moves: string[]) => moves[Math.floor(Math.random() * moves.length)];
  const matching = (pattern: RegExp) => clickable.filter((m) => pattern.test(m));
  const me = state.view.players[state.seat!];
  const hand = me.hand as string[];
  const best = Math.max(0, ...hand.map(valueOf));
  const pays = matching(/^pay /);
  if (pays.length && me.debt >= 2) return pays[0];
  const uses = matching(/^use /).sort((a, b) => valueOf(b.slice(4)) - valueOf(a.slice(4)));
  if (uses.length) return uses[0];
  for (const word of ["keep", "noreroll", "done"]) if (clickable.includes(word)) return word;
  if (state.view.phase === "joker_loss") return pays[0] ?? "debt";
  if (state.view.phase !== "main" || !me.cell) {
    const plain = matching(/^(jack|spot|corner|nocard|reroll|discard|debt|peek)/);
    return pick(plain.length ? plain : clickable);
  }
  const target = (m: string) => {
    const [verb, dir] = m.split(" ");
    return ["move", "fight", "reveal"].includes(verb) ? step(me.cell, dir as Direction) : null;
  };
  const jokerAt = (m: string) => {
    const c = contentAt(state, target(m));
    return c?.kind === "up" && parseCard(c.card)?.joker ? c : null;
  };
  const grabs = matching(/^move /).filter((m) => {
    const c = contentAt(state, target(m));
    return c?.kind === "up" && (!jokerAt(m) || c.dropped);
  });
  if (grabs.length) return grabs[0];
  const jokerFights = matching(/^(move|fight) /).filter((m) => jokerAt(m));
  if (jokerFights.length && best >= 9) return jokerFights[0];
  const to = goal(state, me.cell);
  const away = (m: string) => {
    const cell = target(m);
    return to && cell ? distance(cell, to) : 99;
  };
  const steps = matching(/^(reveal|move) /).filter((m) => !jokerAt(m)).sort((a, b) => away(a) - away(b));
  if (steps.length && away(steps[0]) < distance(me.cell, to ?? me.cell)) return steps[0];
  if (clickable.includes("scavenge")) return "scavenge";
  // Walled in by Hazards: fight one the best card is likely to beat (few dice).
  const beatable = matching(/^fight /).filter((m) => {
    const c = contentAt(state, target(m));
    return c?.kind === "up" && !jokerAt(m) && Math.abs(best - valueOf(c.card)) <= 1;
  });
  if (beatable.length) return beatable[0];
  const wander = matching(/^reveal /).length ? matching(/^reveal /) : steps;
  if (wander.length) return pick(wander);
  return clickable.includes("end") ? "end" : pick(clickable);
};

const bed = serverAndBrowser();

async function playAgainst(name: string, opponents: SeatSpec[], options: Record<string, unknown>,
  seed: number, viewport?: { width: number; height: number }) {
  await playMatchByClicks(bed.server, bed.browser, {
    name, game: "jokers-labyrinth", seats: ["human", ...opponents],
    options: { players: opponents.length + 1, ...options }, seed, viewport,
    ui: jokersLabyrinthUI, choose: forTheJokers, maxMoves: 1500,
    boardReady: "#board .jl-dungeon [data-cell]", minEvents: 10,
    atEnd: async (page) => {
      expect(await page.locator("#board .jl-status").textContent()).toMatch(/Game over/);
      expect(await page.locator("#board .jl-can").count()).toBe(0);
    },
  });
}

/** Fights whatever it may, else goes for the Jokers: a match with fights early. */
const fighter: MoveChooser = (state, clickable) =>
  clickable.find((m) => /^fight /.test(m)) ?? forTheJokers(state, clickable);

/** Plays the page's seat by clicks until `enough` holds (or the end); returns that state. */
async function playUntil(page: Page, ui: GameUI, choose: MoveChooser, enough: (s: BoardState) => boolean,
  maxMoves: number): Promise<BoardState> {
  for (let i = 0; i < maxMoves; ++i) {
    const state = await waitForTurnOrEnd(page);
    if (enough(state) || state.status === "finished") return state;
    const clickable = state.legal.filter((m) => ui.clicksFor(m, state) !== null);
    await clickMove(page, ui, state, choose(state, clickable));
  }
  throw new Error(`not enough after ${maxMoves} moves`);
}

/** The log's lines that tell a whole fight, in order, as shown (a folded run of dice by its summary). */
const fightLines = async (page: Page) =>
  (await page.locator(".event-log .event-list > li").allInnerTexts()).filter((t) => t.includes("Fight over: "));

/** What a log line must say of `fight` whatever the names: the values fought with, who won. */
function fightPattern(fight: LastFight): RegExp {
  const against = `${fight.totals[0]} against ${fight.totals[1]}`;
  return new RegExp(`Fight over: .* fought .*${against}.* wins; `);
}

describe("jokers-labyrinth in the browser", () => {
  it("keeps every fight's sentence after a reload and in the replay, and shows the last fight", async () => {
    const { match } = await createMatch(bed.server, "jokers-labyrinth", ["human", { agent: "random" }],
      { startingGear: true, roundLimit: 30 }, 21);
    const { token } = await joinMatch(bed.server, match, 0);
    const { context, page, errors } = await newPlayer(bed.browser);
    try {
      await openSeat(page, bed.server, match, 0, token);
      await page.waitForSelector("#board .jl-dungeon [data-cell]");
      const fought = (s: BoardState) => s.events.filter((e) => e.outcome?.fight);
      const state = await playUntil(page, jokersLabyrinthUI, fighter, (s) => fought(s).length >= 2, 400);
      const fights = fought(state).map((e) => e.outcome!.fight as LastFight);
      expect(fights.length).toBeGreaterThanOrEqual(2);
      const expectEveryFight = async () => {
        const lines = await fightLines(page);
        expect(lines).toHaveLength(fights.length);
        lines.forEach((line, i) => expect(line).toMatch(fightPattern(fights[i])));
      };
      await expectEveryFight();
      // The panel tells the last fight in one sentence.
      const last = state.view.lastFight as LastFight;
      expect(last).toEqual(fights.at(-1));
      const panel = await page.locator("#board .jl-last-fight").innerText();
      expect(panel).toMatch(/Last fight/i);
      expect(panel).toContain(`${last.totals[0]} against ${last.totals[1]}`);
      await screenshot(page, "jokers-labyrinth-fights");
      // A reload starts from the server's whole log: the earlier fights keep their sentences.
      await page.reload();
      await waitForState(page);
      await page.waitForSelector("#board .jl-last-fight");
      await expectEveryFight();
      // So does the replay of the match.
      await page.goto(`${bed.server.url}#/replay/${match}?seat=0&step=${state.version}`);
      await expect.poll(() => page.locator(".replay-position").textContent()).toMatch(/^Step (\d+) of \1/);
      await expectEveryFight();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("plays 2 players against random to the end", async () => {
    await playAgainst("jokers-labyrinth", [{ agent: "random" }],
      { startingGear: true, roundLimit: 15 }, 21);
  });

  it("plays 3 players with the default options (no starting gear) to the end", async () => {
    await playAgainst("jokers-labyrinth-3p", [{ agent: "random" }, { agent: "random" }],
      { roundLimit: 6, jokerPickupWithoutFight: "always" }, 23);
  });

  it("plays 4 players against random and heuristic on a phone-sized screen", async () => {
    await playAgainst("jokers-labyrinth-4p-phone", [{ agent: "random" }, { agent: "heuristic" }, { agent: "random" }],
      { startingGear: true, roundLimit: 6, pvpRelocation: "cornerCellIfEmpty" }, 22,
      PHONE);
  });
});
