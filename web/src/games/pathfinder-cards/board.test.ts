// The play board against real views captured from the engine (fixtures/capture.py): every legal
// move of every fixture is played by clicking what clicksFor names; nothing is clickable when the
// board is not interactive; a Runner's DOM holds no face-down card; the King's study behaves.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeContext } from "../board-testing";
import type { BoardState } from "../types";
import { pathfinderCardsUI } from "./index";
import { isBuildPhase } from "./phase";

const fixtureDir = join(__dirname, "fixtures");
const fixtures: Record<string, BoardState> = Object.fromEntries(
  readdirSync(fixtureDir).filter((f) => f.endsWith(".json"))
    .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(fixtureDir, f), "utf8"))]),
);
const playFixtures = Object.entries(fixtures).filter(([, st]) => !isBuildPhase(st.view));

function fakeCtx() {
  return fakeContext({
    check: () => ({ ok: true, actions: 2 }),
    suggest: async () => { throw new Error("no suggestions here"); },
  });
}

function mount(state: BoardState, ctx = fakeCtx()) {
  const host = document.createElement("div");
  host.id = "board";
  document.body.append(host);
  const board = pathfinderCardsUI.createBoard(host, state, ctx);
  return { host, board, ctx };
}

// jsdom's selector engine takes milliseconds per query on a 2,000-node board, and a fixture has
// up to 1,600 moves: an element found once is reused while it is still on the page and matches.
const found = new Map<string, Element>();

function click(host: HTMLElement, selector: string): void {
  let el = found.get(selector);
  if (!el || !el.isConnected || !host.contains(el) || !el.matches(selector)) {
    el = host.querySelector(selector) ?? undefined;
    if (!el) throw new Error(`nothing matches ${selector}`);
    found.set(selector, el);
  }
  el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

afterEach(() => {
  document.body.replaceChildren();
});

// A-G1-48: a card may move west or north of the maze, to a cell written with -1; the board draws
// that slot and the click path plays it.
describe("moves west and north of the maze", () => {
  it("are drawn as slots and played by clicks", () => {
    const state = fixtures["alteration"];
    const west = { ...state, legal: [...state.legal, "move 0,0 -1,1", "move 0,0 1,-1"] };
    const { host, ctx } = mount(west);
    for (const move of ["move 0,0 -1,1", "move 0,0 1,-1"]) {
      const clicks = pathfinderCardsUI.clicksFor(move, west);
      expect(clicks, move).not.toBeNull();
      ctx.play.mockClear();
      for (const selector of clicks!) click(host, selector);
      expect(ctx.play.mock.calls).toEqual([[move]]);
    }
    expect(host.querySelector('[data-cell="-1,1"]')).not.toBeNull();
  });
});

describe("every legal move is played by its clicks", () => {
  for (const [name, state] of playFixtures) {
    if (state.legal.length === 0) continue;
    it(`${name} (${state.legal.length} moves)`, () => {
      // The King's study comes first when timed (tested below): here the answer itself.
      const { host, ctx } = mount({ ...state, options: { ...state.options, kingStudySeconds: 0 } });
      let withoutPath = 0;
      for (const move of state.legal) {
        const clicks = pathfinderCardsUI.clicksFor(move, state);
        if (clicks === null) {
          // Only a question word naming a cell off the drawn maze has no click path.
          expect(move).toMatch(/^q \(\d+,\d+\)$/);
          ++withoutPath;
          continue;
        }
        ctx.play.mockClear();
        for (const selector of clicks) click(host, selector);
        expect(ctx.play.mock.calls, `${move} via ${clicks.join(" ")}`).toEqual([[move]]);
      }
      expect(withoutPath).toBeLessThan(state.legal.length);
    }, 60_000);
  }
});

describe("a board that is not interactive offers nothing", () => {
  for (const [name, state] of playFixtures) {
    it(name, () => {
      const { host, ctx } = mount({ ...state, interactive: false });
      expect(host.querySelectorAll(".clickable, [tabindex='0'], button[data-move]").length).toBe(0);
      for (const el of host.querySelectorAll("[data-cell], [data-heart]")) {
        el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
      expect(ctx.play).not.toHaveBeenCalled();
    });
  }
});

describe("the Runner sees no face-down card", () => {
  const runnerStates = playFixtures.filter(([, st]) => st.view.observer === st.view.roles?.runner
    && st.view.phase !== "over");
  it("has Runner fixtures", () => expect(runnerStates.length).toBeGreaterThan(10));
  for (const [name, state] of runnerStates) {
    it(name, () => {
      // (During the King's study she sees fewer cards: the layout before the flip, tested below.)
      const { host } = mount({ ...state, options: { ...state.options, kingStudySeconds: 0 } });
      const known = new Set<string>(state.view.cards.filter((c: { card?: string }) => c.card)
        .map((c: { cell: string }) => c.cell));
      const hidden = state.view.cards.filter((c: { card?: string }) => !c.card);
      expect(hidden.length).toBeGreaterThan(0);
      for (const { cell } of hidden) {
        const el = host.querySelector(`[data-cell="${cell}"]`)!;
        expect(el.textContent).toBe("");
        expect(el.getAttribute("aria-label")).toMatch(/a face-down card/);
        expect(el.querySelector(".pfc-face")).toBeNull();
      }
      // Exactly the cards her view names are drawn face up.
      expect(host.querySelectorAll(".pfc-maze .pfc-face").length).toBe(known.size);
    });
  }
});

describe("drawing", () => {
  it("the Maker sees his face-down cards veiled, the Runner sees backs", () => {
    const maker = mount(fixtures["queen-choose"]).host;
    expect(maker.querySelectorAll(".maker-hidden").length).toBeGreaterThan(20);
    const runner = mount(fixtures["queen-predict"]).host;
    expect(runner.querySelectorAll(".pfc-back").length).toBeGreaterThan(20);
    expect(runner.querySelectorAll(".maker-hidden").length).toBe(0);
  });

  it("marks active diamonds, explorable cards and the trial's card", () => {
    const { host } = mount(fixtures["queen-predict"]);
    const v = fixtures["queen-predict"].view;
    for (const cell of v.active) expect(host.querySelector(`[data-cell="${cell}"]`)!.classList).toContain("active");
    const queen = v.pending.find((p: { trial?: string }) => p.trial === "queen");
    expect(host.querySelector(`[data-cell="${queen.chosen}"]`)!.classList).toContain("flagged");
  });

  it("highlights what happened since the observer's last move", () => {
    const state = fixtures["explore-start"];
    const events = [...state.events, { n: 99, player: 1, text: "swap 3,3 4,4" }];
    const { host } = mount({ ...state, events });
    expect(host.querySelector('[data-cell="3,3"]')!.classList).toContain("recent");
  });

  it("lays a hex maze in a brick bond", () => {
    const { host } = mount(fixtures["hex-explore"]);
    const at = (cell: string) => host.querySelector(`[data-cell="${cell}"]`)!.getAttribute("transform")!
      .match(/translate\((\S+) (\S+)\)/)!.slice(1).map(Number);
    const [x00, y00] = at("0,0");
    const [x01, y01] = at("0,1");
    const [x10] = at("1,0");
    // Row r is shifted by half a card per row, so 0,1 sits between 0,0 and 1,0 (its NW and NE).
    expect(x01 - x00).toBeCloseTo((x10 - x00) / 2);
    expect(y01).toBeGreaterThan(y00);
    expect(host.textContent).toContain("hex board");
  });

  it("names the advanced game's artifacts on their cards, for whoever may see them", () => {
    const maker = mount(fixtures["advanced-maker"]).host;
    expect([...maker.querySelectorAll(".pfc-artifact")].map((e) => e.textContent).sort())
      .toEqual(["Mirror", "Rope", "Veil"]);
    expect(mount(fixtures["advanced-explore"]).host.querySelectorAll(".pfc-artifact").length).toBe(0);
  });

  it("says what to do at each decision", () => {
    const expected: Record<string, RegExp> = {
      compass: /Compass card/, "damage-window": /damaged/, "ten-flip": /Ten of spades/,
      "count-10C": /how many/, "jack-predict": /Jack/, "queen-choose": /Queen/, "king-flip-maker": /flip/,
      alteration: /alter/, pathfinder: /Pathfinder/, seer: /Seer/, mover: /Mover/, save: /Ace of hearts/,
      "over-runner": /Game over/, "maker-waiting": /Waiting/, "ten-suit": /suit/,
    };
    for (const [name, words] of Object.entries(expected)) {
      const { host } = mount(fixtures[name]);
      expect(host.querySelector(".pfc-prompt")!.textContent, name).toMatch(words);
    }
  });

  it("the build phase is the editor's, not the play board's", () => {
    expect(isBuildPhase(fixtures["build-runner"].view)).toBe(true);
    const { host } = mount(fixtures["build-runner"]);
    expect(host.querySelector(".pfc")).toBeNull();
  });
});

describe("selections", () => {
  it("clicking the selected card again, or Escape, cancels", () => {
    const state = fixtures["jack-predict"];
    const { host, ctx } = mount(state);
    const cell = state.legal[0].split(" ")[1];
    click(host, `[data-cell="${cell}"]`);
    expect(host.querySelector(`[data-cell="${cell}"]`)!.classList).toContain("selected");
    expect(host.querySelector("[data-suit]")).not.toBeNull();
    click(host, `[data-cell="${cell}"]`);
    expect(host.querySelector("[data-suit]")).toBeNull();
    click(host, `[data-cell="${cell}"]`);
    host.querySelector(".pfc")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(host.querySelector(".selected")).toBeNull();
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("a one-heart save whose heart also starts a two-heart save asks for a confirm", () => {
    // With the 10 of diamonds active, 10H saves alone and also pairs with another heart (G1.3.3).
    const state = { ...fixtures.save, legal: ["save 10H", "save 3H+10H", "save 2H+3H"] };
    expect(pathfinderCardsUI.clicksFor("save 10H", state)).toEqual(['[data-heart="10H"]', "[data-confirm]"]);
    const { host, ctx } = mount(state);
    click(host, '[data-heart="10H"]');
    click(host, '[data-heart="3H"]');
    expect(ctx.play).toHaveBeenLastCalledWith("save 3H+10H");
    click(host, '[data-heart="10H"]');
    expect(ctx.play).toHaveBeenCalledTimes(1);
    click(host, "[data-confirm]");
    expect(ctx.play).toHaveBeenLastCalledWith("save 10H");
  });

  it("Enter on a focused card plays it", () => {
    const state = fixtures["explore-start"];
    const { host, ctx } = mount(state);
    const cell = state.legal.find((m) => m.startsWith("explore "))!.slice(8);
    const el = host.querySelector(`[data-cell="${cell}"]`) as SVGGElement;
    expect(el.getAttribute("tabindex")).toBe("0");
    expect(el.getAttribute("role")).toBe("button");
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(ctx.play).toHaveBeenCalledWith(`explore ${cell}`);
  });
});

describe("the King trial's study", () => {
  it("shows the maze as it was before the flip, then the current one", () => {
    const state = fixtures["king-name"];
    const { host } = mount({ ...state, options: { ...state.options, kingStudySeconds: 30 } });
    expect(host.querySelector(".pfc-study")!.textContent).toMatch(/30 s/);
    expect(host.querySelectorAll(".clickable").length).toBe(0);
    const flipped = "7,3";
    expect(host.querySelector(`[data-cell="${flipped}"] .pfc-face`)).toBeNull();
    (host.querySelector(".pfc-study button") as HTMLButtonElement).click();
    expect(host.querySelector(".pfc-study")).toBeNull();
    expect(host.querySelectorAll(".pfc-cell.clickable").length).toBeGreaterThan(0);
  });

  it("has no study in a replay", () => {
    const state = fixtures["king-name"];
    const { host } = mount({ ...state, interactive: false });
    expect(host.querySelector(".pfc-study")).toBeNull();
    expect(host.querySelectorAll(".pfc-maze .pfc-face").length).toBe(14);
  });

  it("hides the maze once the study time is over while the Maker flips", () => {
    vi.useFakeTimers();
    try {
      const { host } = mount(fixtures["king-flip-runner"]);
      expect(host.querySelector(".pfc-study")!.textContent).toMatch(/30 s/);
      vi.advanceTimersByTime(31_000);
      expect(host.querySelector(".pfc-maze")).toBeNull();
      expect(host.querySelector(".pfc-away")).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

// The Advisor's sentence builder, its answer and its words in the log: question.test.ts.
