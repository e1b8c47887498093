// The board against real engine positions (fixtures/*.json, captured by fixtures/capture.mjs):
// every legal move is played by clicking what clicksFor names, exactly once; nothing is clickable
// when the board is not interactive; what a seat may not see never reaches the DOM.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { fakeContext as fakeSeatContext, type FakeContext } from "../board-testing";
import type { BoardContext, BoardState, CheckResult } from "../types";
import { pathfinderBarriersUI as ui } from "./index";

const fixtureDir = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixtures: Record<string, BoardState> = Object.fromEntries(
  readdirSync(fixtureDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(fixtureDir, f), "utf8")) as BoardState]),
);

function fixture(name: string): BoardState {
  const state = fixtures[name];
  if (!state) throw new Error(`no fixture ${name}`);
  return structuredClone(state);
}

/** Every checked text gets `check` as the server's answer. */
function fakeContext(check: CheckResult = { ok: true, actions: 1 }): FakeContext {
  return fakeSeatContext({ check: () => check });
}

function mount(state: BoardState, ctx: BoardContext = fakeContext()) {
  const host = document.createElement("div");
  document.body.append(host);
  const board = ui.createBoard(host, state, ctx);
  return { host, board };
}

/** Lets pending promises (the validity check, the editor's submit) settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 2; ++i) await new Promise((r) => setTimeout(r, 0));
}

async function clickAll(host: HTMLElement, selectors: string[]): Promise<void> {
  for (const selector of selectors) {
    const el = host.querySelector(selector);
    expect(el, selector).not.toBeNull();
    expect((el as HTMLButtonElement).disabled ?? false, `${selector} is disabled`).toBeFalsy();
    el!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await settle();
  }
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("fixtures", () => {
  it("cover every phase and kind of move", () => {
    const all = Object.values(fixtures);
    const kinds = new Set(all.flatMap((f) => f.legal.map((m) => m.split(" ")[0].replace(/^[A-F]-\d>.*/, "step"))));
    expect([...kinds].sort()).toEqual(["bar", "done", "enter", "exit", "pawn", "step"]);
    expect(new Set(all.map((f) => f.view.phase))).toEqual(new Set(["setup", "play", "over"]));
  });
});

describe("every legal move is played by its clicks", () => {
  for (const [name, state] of Object.entries(fixtures)) {
    if (state.legal.length === 0) continue;
    it(`${name}: ${state.legal.length} moves`, async () => {
      for (const move of state.legal) {
        const ctx = fakeContext();
        const { host, board } = mount(structuredClone(state), ctx);
        await settle();
        const clicks = ui.clicksFor(move, state);
        expect(clicks, move).not.toBeNull();
        await clickAll(host, clicks!);
        expect(ctx.play.mock.calls, move).toEqual([[move]]);
        board.destroy();
        host.remove();
      }
    }, 60_000);
  }
});

describe("not interactive", () => {
  for (const [name, state] of Object.entries(fixtures)) {
    it(`${name}: nothing is clickable`, () => {
      const frozen = { ...structuredClone(state), interactive: false };
      const { host } = mount(frozen);
      expect(host.querySelectorAll("[tabindex], [role=button], button, [data-move]").length).toBe(0);
      for (const move of state.legal) expect(ui.clicksFor(move, frozen)).toBeNull();
    });
  }
});

describe("hidden information", () => {
  const hiddenGrid = (host: HTMLElement) => host.querySelector('[data-grid="tracking"]')!;

  for (const name of ["setup-waiting", "setup-south", "play-enter", "play-middle", "play-waiting"]) {
    it(`${name}: the other seat's chips and pawn are not in the DOM`, () => {
      const state = fixture(name);
      expect(state.view.homes[1 - state.seat!]).toBeNull();
      const { host } = mount(state);
      expect(hiddenGrid(host).querySelectorAll(".pfb-chip-dark, .pfb-chip-revealed, .pfb-pawn-short").length).toBe(0);
      expect(host.innerHTML).not.toContain(`"${state.seat === 0 ? "South" : "North"} places`);
    });
  }

  it("setup-waiting: only the kind of North's decisions is told", () => {
    const state = fixture("setup-south");
    expect(state.events.filter((e) => e.player === 0).every((e) => /^North (places|finishes)/.test(e.text))).toBe(true);
  });

  it("over: the other grid is revealed once the game is over", () => {
    const state = fixture("over");
    const { host } = mount(state);
    expect(state.view.homes[1].barriers.length).toBeGreaterThan(0);
    expect(hiddenGrid(host).querySelectorAll(".pfb-chip-revealed").length).toBe(state.view.homes[1].barriers.length);
    expect(hiddenGrid(host).querySelectorAll(".pfb-pawn-short").length).toBe(1);
    expect(host.querySelector(".pfb-status")!.textContent).toMatch(/wins|win!/);
  });
});

describe("drawing", () => {
  it("play-middle: light chips, trail discs, the explorer and the last questions", () => {
    const state = fixture("play-middle");
    const { host } = mount(state);
    const tracking = host.querySelector('[data-grid="tracking"]')!;
    const mine = state.view.tracking[state.seat!];
    expect(tracking.querySelectorAll(".pfb-chip-light").length).toBe(mine.blocked.length);
    expect(tracking.querySelectorAll(".pfb-pawn-tall").length).toBe(1);
    expect(tracking.querySelectorAll(".pfb-trail-disc").length).toBe(mine.trail.filter((s: string) => s !== mine.explorer).length);
    expect(host.querySelectorAll(".pfb-recent-square, .pfb-recent-slot").length).toBeGreaterThan(0);
    expect(host.querySelector(".pfb-last")!.textContent).toMatch(/asked: “May I (enter|move|exit)/);
  });

  it("the home grid shows the seat's own chips and pawn", () => {
    const state = fixture("play-enter");
    const { host } = mount(state);
    const home = host.querySelector('[data-grid="home"]')!;
    expect(home.querySelectorAll(".pfb-chip-dark").length).toBe(state.view.homes[0].barriers.length);
    expect(home.querySelectorAll(".pfb-pawn-short").length).toBe(1);
  });

  it("a spectator sees both searches and no home grid", () => {
    const state = { ...fixture("play-middle"), seat: null, interactive: false, legal: [] };
    state.view = { ...state.view, observer: "spectator", homes: [null, null] };
    const { host } = mount(state);
    expect(host.querySelectorAll('[data-grid="north"], [data-grid="south"]').length).toBe(2);
    expect(host.querySelectorAll(".pfb-chip-dark, .pfb-pawn-short").length).toBe(0);
  });

  it("at the end a spectator sees both home grids with both searches", () => {
    const state = fixture("over-spectator");
    const { host } = mount(state);
    for (const [id, owner] of [["north", 0], ["south", 1]] as const) {
      const grid = host.querySelector(`[data-grid="${id}"]`)!;
      expect(grid.classList.contains("pfb-look-home")).toBe(true);
      expect(grid.querySelectorAll(".pfb-chip-dark").length).toBe(state.view.homes[owner].barriers.length);
    }
    expect(host.querySelector(".pfb-status")!.textContent).toMatch(/^(North|South) found (North|South)'s pawn and wins\.$/);
  });

  it("a square farther along known-open slots is a walk back, played as one path", async () => {
    const state = fixture("play-middle");
    const search = state.view.tracking[0];
    expect(search.explorer).toBe("F-2");
    const ctx = fakeContext();
    const { host } = mount(state, ctx);
    const walk = host.querySelector('[data-grid="tracking"] .pfb-hit-walk[data-square="E-1"]');
    expect(walk?.getAttribute("aria-label")).toBe("Walk back to E-1 (F-2>F-1>E-1)");
    await clickAll(host, ['[data-grid="tracking"] [data-square="E-1"]']);
    expect(ctx.play.mock.calls).toEqual([["F-2>F-1>E-1"]]);
  });

  it("the hunt's targets are focusable buttons that Enter activates", () => {
    const state = fixture("play-enter");
    const ctx = fakeContext();
    const { host } = mount(state, ctx);
    const targets = host.querySelectorAll('[data-grid="tracking"] [role="button"][tabindex="0"]');
    expect(targets.length).toBe(state.legal.filter((m) => m.startsWith("enter")).length);
    const first = targets[0] as SVGElement;
    expect(first.getAttribute("aria-label")).toMatch(/^Ask to enter at [A-F]-1$/);
    first.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(ctx.play).toHaveBeenCalledWith(`enter ${first.getAttribute("data-square")}`);
  });
});

describe("keyboard", () => {
  it("Enter on a groove places a chip and the focus stays on that groove", async () => {
    const { host } = mount(fixture("setup-building"));
    const groove = () => host.querySelector<SVGElement>('[data-grid="home"] [data-slot="F-5|F-6"]')!;
    groove().focus();
    groove().dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    await settle();
    expect(host.querySelectorAll('[data-grid="home"] .pfb-chip-pending').length).toBe(1);
    expect(document.activeElement).toBe(groove());
  });

  it("arrow keys move between the squares and grooves of a grid", () => {
    const { host } = mount(fixture("setup-empty"));
    const square = host.querySelector<SVGElement>('[data-grid="home"] [data-square="C-3"]')!;
    square.focus();
    square.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(document.activeElement?.getAttribute("data-slot")).toBe("C-3|C-4");
    document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(document.activeElement?.getAttribute("data-square")).toBe("C-4");
    document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    expect(document.activeElement?.getAttribute("data-slot")).toBe("B-4|C-4");
  });
});

describe("the set-up editor", () => {
  it("shows the server's reason for an invalid grid and refuses to send it", async () => {
    const ctx = fakeContext({ ok: false, message: "that home grid is not valid: no route leads from column 1 to the pawn" });
    const { host } = mount(fixture("setup-empty"), ctx);
    await clickAll(host, ['[data-grid="home"] [data-slot="|A-1"]', '[data-grid="home"] [data-square="A-1"]']);
    expect(ctx.check).toHaveBeenLastCalledWith("A-1: |A-1");
    expect(host.querySelector(".pfb-verdict")!.textContent).toBe("✗ Not valid: no route leads from column 1 to the pawn");
    await clickAll(host, ['[data-editor="done"]']);
    expect(ctx.play).not.toHaveBeenCalled();
    expect(ctx.notify).toHaveBeenCalledWith("This grid is not valid: no route leads from column 1 to the pawn");
  });

  it("sends a valid design as one whole-grid text", async () => {
    const ctx = fakeContext();
    const { host } = mount(fixture("setup-empty"), ctx);
    await clickAll(host, [
      '[data-grid="home"] [data-square="E-5"]',
      '[data-grid="home"] [data-slot="B-3|B-4"]',
      '[data-grid="home"] [data-slot="|C-1"]',
      '[data-grid="home"] [data-slot="E-1|F-1"]',
      '[data-grid="home"] [data-slot="E-1|F-1"]', // lifted out again
    ]);
    expect(host.querySelector(".pfb-verdict")!.textContent).toMatch(/^✓ Valid/);
    expect(host.querySelector(".pfb-counter")!.textContent).toBe(`2 chips placed · ${fixture("setup-empty").view.max_barriers - 2} left`);
    await clickAll(host, ['[data-editor="done"]']);
    expect(ctx.play.mock.calls).toEqual([["E-5: B-3|B-4 |C-1"]]);
  });

  it("Escape undoes the last change", async () => {
    const ctx = fakeContext();
    const { host } = mount(fixture("setup-empty"), ctx);
    await clickAll(host, ['[data-grid="home"] [data-square="E-5"]', '[data-grid="home"] [data-slot="B-3|B-4"]']);
    host.querySelector(".pfb")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    await settle();
    expect(host.querySelectorAll(".pfb-chip-pending").length).toBe(0);
    expect(host.querySelectorAll('[data-grid="home"] .pfb-pawn-short').length).toBe(1);
  });

  it("keeps locked-in chips and adds to them", async () => {
    const state = fixture("setup-building");
    const ctx = fakeContext();
    const { host } = mount(state, ctx);
    const fixed = state.view.homes[0].barriers as string[];
    expect(host.querySelectorAll('[data-grid="home"] .pfb-chip-dark').length).toBe(fixed.length);
    await clickAll(host, [`[data-grid="home"] [data-slot="${fixed[0]}"]`]);
    expect(ctx.notify).toHaveBeenCalledWith(expect.stringMatching(/locked in/));
    await clickAll(host, ['[data-grid="home"] [data-slot="F-5|F-6"]', '[data-editor="done"]']);
    expect(ctx.play.mock.calls).toEqual([[`${state.view.homes[0].pawn}: ${[...fixed, "F-5|F-6"].sort().join(" ")}`]]);
  });

  it("loads the computer's generated grid", async () => {
    const ctx = fakeContext();
    ctx.suggest.mockResolvedValue({
      actions: ["pawn F-6", "bar E-6|F-6", "bar F-5|F-6", "done"],
      view: { homes: [{ pawn: "F-6", barriers: ["E-6|F-6", "F-5|F-6"] }, null] },
    });
    const { host } = mount(fixture("setup-empty"), ctx);
    await clickAll(host, ['[data-editor="generate-harder"]']);
    expect(ctx.suggest).toHaveBeenCalledWith("maker");
    expect(host.querySelectorAll('[data-grid="home"] .pfb-chip-pending').length).toBe(2);
    await clickAll(host, ['[data-editor="done"]']);
    expect(ctx.play.mock.calls).toEqual([["F-6: E-6|F-6 F-5|F-6"]]);
  });
});
