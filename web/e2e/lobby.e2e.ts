// The lobby: for each of the five games, a match against the computer created through the form
// (game, an option, a computer opponent, "Create") reaches its first state; the lobby and a match
// on a phone-sized screen; no console errors.
import { describe, expect, it } from "vitest";
import type { GameInfo } from "../src/core/api";
import { choiceName, optionWords } from "../src/app/option-words";
import { createInLobby, expectNoConsoleErrors, newPlayer, screenshot, serverAndBrowser, waitForState } from "./harness";

const SEAT_NAMES: Record<string, string[]> = {
  "treasure-hunt": ["Green", "Purple"],
  "pathfinder-barriers": ["North", "South"],
  "pathfinder-cards": ["Player 1", "Player 2"], // roles drawn at random by default
  mazemakers: ["Player 1", "Player 2"],
  "jokers-labyrinth": ["Player 1", "Player 2"],
};

const GAMES: { id: string; options: Record<string, string | boolean> }[] = [
  { id: "treasure-hunt", options: { deck: "specialized" } },
  { id: "pathfinder-barriers", options: {} },
  { id: "pathfinder-cards", options: {} },
  { id: "mazemakers", options: { players: "3" } },
  { id: "jokers-labyrinth", options: {} },
];

describe("lobby", () => {
  const bed = serverAndBrowser();

  it("lists every game with its options and the computer strengths", async () => {
    const { page, errors, context } = await newPlayer(bed.browser);
    await page.goto(bed.server.url);
    await expect.poll(() => page.locator(".game-card").count()).toBe(5);
    await page.locator('.game-card[data-game="pathfinder-barriers"]').click();
    const strengths = await page.locator("#seat-1 option").allTextContents();
    expect(strengths.join("|")).toMatch(/easy \(random\).*medium \(seeker\).*strong \(maker\)/);
    await expect.poll(() => page.locator(".option .help").count()).toBeGreaterThan(0);
    // Options in plain words: no ruling ids or rule-book sections, choices as words.
    const catalogue: GameInfo[] = await (await fetch(`${bed.server.url}api/games`)).json();
    for (const id of ["treasure-hunt", "pathfinder-barriers", "pathfinder-cards", "mazemakers", "jokers-labyrinth"]) {
      await page.locator(`.game-card[data-game="${id}"]`).click();
      await page.locator(`form.new-match[data-game="${id}"]`).waitFor();
      const text = await page.locator("form.new-match").innerText();
      expect(text, id).not.toMatch(/A-G\d+-\d+|\(G\d/);
      expect(text, id).not.toMatch(/stopBeforeRepeat|seat0Maker|seat 0|seat 1/);
      // Every option the server lists has its written label, and every choice its name.
      for (const option of catalogue.find((g) => g.id === id)!.options) {
        const words = optionWords(id, option.name);
        expect(words, `${id}: ${option.name}`).toBeDefined();
        expect(await page.locator(`label[for="option-${option.name}"]`).innerText()).toBe(words!.label);
        for (const choice of option.choices ?? []) {
          expect(await page.locator(`#option-${option.name} option[value="${choice}"]`).innerText(), `${id}: ${choice}`)
            .toBe(choiceName(words, choice));
        }
      }
      // One name per seat: the seats are named as the match will name them.
      expect(await page.locator(".seat-choice label").allInnerTexts(), id).toEqual(SEAT_NAMES[id]);
      // How to play: the engine's text for this game, in plain words.
      const rules = page.locator(`.how-to-play[data-game="${id}"]`);
      await rules.locator("summary").click();
      const said = await rules.innerText();
      expect(said, id).toMatch(/Goal|Two roles/);
      expect(said, id).not.toMatch(/A-G\d+-\d+/);
      // ...and its diagrams drawn by the game's own board, seen but not played (how-to-play.e2e.ts
      // checks every one).
      const diagram = rules.locator(".how-to-play-board").first();
      await expect.poll(() => diagram.locator("svg, [data-cell], [data-square]").count()).toBeGreaterThan(0);
      const box = await diagram.boundingBox();
      expect(box!.height, id).toBeGreaterThan(100);
      await screenshot(page, `how-to-play-${id}`);
    }
    await screenshot(page, "lobby");
    expectNoConsoleErrors(errors);
    await context.close();
  });

  for (const game of GAMES) {
    it(`creates ${game.id} against the computer and shows its first state`, async () => {
      const { page, errors, context } = await newPlayer(bed.browser);
      const seats = game.options.players === "3" ? ["you", "easy", "easy"] as const : ["you", "easy"] as const;
      await createInLobby(page, bed.server, game.id, [...seats], game.options);
      const state = await waitForState(page);
      expect(state.game).toBe(game.id);
      expect(state.seat).toBe(0);
      expect(state.numSeats).toBe(seats.length);
      for (const [name, value] of Object.entries(game.options)) {
        expect(String(state.options[name])).toBe(String(value));
      }
      expect(await page.locator("#board *").count()).toBeGreaterThan(0);
      // How to play is at hand on the match page too.
      expect(await page.locator(`.rules-slot .how-to-play[data-game="${game.id}"]`).count()).toBe(1);
      await expect.poll(() => page.locator(".connection").textContent()).toBe("connected");
      await screenshot(page, `lobby-created-${game.id}`);
      expectNoConsoleErrors(errors);
      await context.close();
    });
  }

  it("fits a phone-sized screen", async () => {
    const { page, errors, context } = await newPlayer(bed.browser, { width: 375, height: 812 });
    await page.goto(bed.server.url);
    await page.locator(".game-card").first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, "phone-lobby");
    await createInLobby(page, bed.server, "treasure-hunt", ["you", "easy"]);
    await waitForState(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, "phone-match");
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
