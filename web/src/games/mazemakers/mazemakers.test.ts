// The MazeMakers board against real positions captured from the engine (fixtures/capture.py):
// every legal move is played by clicking what clicksFor names, and nothing hidden reaches the DOM.
import { afterEach, describe, expect, it } from "vitest";
import { clickSelector, fakeContext } from "../board-testing";
import type { BoardState } from "../types";
import { mazemakersUI } from "./index";
import { parsePlacement, squareName } from "./notation";
import { orientationsOf, PIECE_LETTERS } from "./pentominoes";

const fixtures = Object.fromEntries(
  Object.entries(import.meta.glob("./fixtures/*.json", { eager: true, import: "default" }))
    .map(([path, state]) => [path.replace(/^.*\/(.*)\.json$/, "$1"), state as BoardState]),
);

function mount(state: BoardState) {
  const host = document.createElement("div");
  document.body.append(host);
  const ctx = fakeContext();
  const board = mazemakersUI.createBoard(host, state, ctx);
  return { host, ctx, board };
}

function click(host: HTMLElement, selector: string): void {
  clickSelector(host, selector, { cancelable: true });
}

const CLICKABLE = "[data-move], [data-cell], [data-pos], [data-wall], [data-piece], [data-orient], .mm-hit, button:not([disabled])";

afterEach(() => document.body.replaceChildren());

describe("fixtures", () => {
  it("cover every kind of move and both boards", () => {
    const phases = Object.values(fixtures).map((f) => `${f.view.board}/${f.view.phase}`);
    for (const p of ["pentomino/suit", "pentomino/walls", "pentomino/control", "pentomino/wallAction",
      "pentomino/move", "pentomino/block", "pentomino/over", "noPentominos/tiles", "noPentominos/control",
      "noPentominos/wallAction", "noPentominos/move"]) {
      expect(phases).toContain(p);
    }
  });
});

describe.each(Object.entries(fixtures).filter(([, f]) => f.interactive))("%s", (_name, state) => {
  it("plays every legal move through the clicks clicksFor returns", () => {
    const { host, ctx, board } = mount(state);
    expect(state.legal.length).toBeGreaterThan(0);
    for (const move of state.legal) {
      const clicks = mazemakersUI.clicksFor(move, state);
      expect(clicks, move).not.toBeNull();
      for (const selector of clicks!) click(host, selector);
      expect(ctx.play.mock.calls, move).toEqual([[move]]);
      ctx.play.mockClear();
      expect(host.querySelector(".mm-picked, .mm-orientations"), move).toBeNull(); // selection gone
    }
    expect(ctx.notify).not.toHaveBeenCalled();
    board.destroy();
  }, 120_000); // hundreds of set-up moves; jsdom is slow on a loaded machine

  it("offers nothing to click when not interactive", () => {
    const { host } = mount({ ...state, interactive: false });
    expect(host.querySelectorAll(CLICKABLE)).toHaveLength(0);
  });

  it("offers nothing to click when there are no legal moves", () => {
    const { host } = mount({ ...state, legal: [] });
    expect(host.querySelectorAll(CLICKABLE)).toHaveLength(0);
  });
});

describe("drawing", () => {
  it.each(Object.entries(fixtures))("%s: walls, coins and pawns as in the view", (_name, state) => {
    const { host } = mount(state);
    const view = state.view;
    if (view.board === "pentomino") expect(host.querySelectorAll(".mm-wall")).toHaveLength(view.walls.length);
    else expect(host.querySelectorAll(".mm-tile")).toHaveLength(view.tiles.length + 1); // + START
    expect(host.querySelectorAll(".mm-svg .mm-coin")).toHaveLength(view.coins.length);
    const living = view.players.filter((p: { pawn: string | null }) => p.pawn !== null).length;
    expect(host.querySelectorAll(".mm-pawn")).toHaveLength(living);
    expect(host.querySelector(".mm-status")!.textContent).not.toBe("");
    expect(host.querySelector("svg.mm-svg")!.getAttribute("viewBox")).toMatch(/^0 0 \d+ \d+$/);
  });

  it("shows a coin's suit only where the view tells it", () => {
    for (const state of Object.values(fixtures)) {
      const { host } = mount(state);
      const known = state.view.coins.filter((c: { suit?: string }) => c.suit).length;
      expect(host.querySelectorAll(".mm-svg .mm-coin .mm-suit")).toHaveLength(known);
      const titles = [...host.querySelectorAll(".mm-svg .mm-coin > title")].map((t) => t.textContent ?? "");
      const unknownTitles = titles.filter((t) => !/\((Suns|Moons|Crowns|Arms)\)/.test(t));
      expect(unknownTitles).toHaveLength(state.view.coins.length - known);
      document.body.replaceChildren();
    }
  });

  it("reveals every coin's suit once the game is over", () => {
    const over = fixtures["pento2-over"];
    expect(over.view.coins.every((c: { suit?: string }) => c.suit)).toBe(true);
    const { host } = mount(over);
    expect(host.querySelectorAll(".mm-svg .mm-coin .mm-suit")).toHaveLength(over.view.coins.length);
    expect(host.querySelector(".mm-status")!.textContent).toMatch(/^Game over/);
  });

  it("names every seat as the header does, Player 1, never P1 (its notation)", () => {
    for (const [name, state] of Object.entries(fixtures)) {
      const { host } = mount(state);
      const said = [host.querySelector(".mm-status")!.textContent, host.querySelector(".mm-side")!.textContent,
        ...[...host.querySelectorAll("title, [aria-label]")].map((e) => e.textContent + (e.getAttribute("aria-label") ?? ""))]
        .join("\n");
      expect(said, name).not.toMatch(/\bP[1-4]\b/);
      expect(said, name).toContain("Player 1");
      document.body.replaceChildren();
    }
  });

  it("rings the square a blocker is asked about", () => {
    const state = fixtures["pento2-block"];
    const { host } = mount(state);
    expect(host.querySelector(".mm-contested title")!.textContent).toBe(`fight on ${state.view.turn.target}`);
  });

  it("highlights the last moves", () => {
    const { host } = mount(fixtures["pento2-move"]);
    expect(host.querySelectorAll(".mm-trail-dot").length).toBeGreaterThan(0);
  });
});

describe("pentomino orientations", () => {
  it("number 63 fixed orientations as the engine does", () => {
    const counts = [...PIECE_LETTERS].map((p) => orientationsOf(p).length);
    expect(counts).toEqual([8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
  });

  it("put every legal placement on free board squares (the numbering matches the engine's)", () => {
    const state = fixtures["pento2-walls"];
    const taken = new Set(state.view.walls.flatMap((w: { placement: string }) =>
      parsePlacement(w.placement)!.squares.map(([r, c]) => squareName(r, c))));
    for (const s of ["i9", "j9", "i10", "j10"]) taken.add(s);
    for (const move of state.legal) {
      for (const [r, c] of parsePlacement(move)!.squares) {
        expect(r >= 0 && r < 10 && c >= 0 && c < 10, move).toBe(true);
        expect(taken.has(squareName(r, c)), move).toBe(false);
      }
    }
  });
});

describe("selection", () => {
  it("keeps a picked-up piece visible, changes orientation with R and cancels with Escape", () => {
    const state = fixtures["pento2-walls"];
    const { host, ctx } = mount(state);
    const piece = state.view.unplaced_pieces.split("").find((p: string) => p !== "X")!;
    click(host, `[data-piece="${piece}"]`);
    expect(host.querySelector(`[data-piece="${piece}"]`)!.getAttribute("aria-pressed")).toBe("true");
    const before = host.querySelector(".mm-orient.mm-picked")!.getAttribute("data-orient");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "r" }));
    const after = host.querySelector(".mm-orient.mm-picked")!.getAttribute("data-orient");
    expect(after).not.toBe(before);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(host.querySelector(".mm-orient")).toBeNull();
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("offers only the squares where the picked-up piece fits", () => {
    const state = fixtures["pento2-walls"];
    const { host } = mount(state);
    const piece = state.view.unplaced_pieces[0];
    click(host, `[data-piece="${piece}"]`);
    const orientation = host.querySelector(".mm-orient.mm-picked")!.getAttribute("data-orient");
    const offered = [...host.querySelectorAll("[data-cell]")].map((e) => e.getAttribute("data-cell"));
    const legal = state.legal.filter((m) => m.startsWith(`${piece}${orientation}@`));
    expect(offered.length).toBe(legal.length);
  });

  it("puts a lifted wall back when its own square is clicked", () => {
    const state = fixtures["pento2-forced"];
    const { host, ctx } = mount(state);
    click(host, '[data-wall="W"]');
    expect(host.querySelector(".mm-lifted")).not.toBeNull();
    click(host, '[data-wall="W"]');
    expect(host.querySelector(".mm-lifted")).toBeNull();
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("puts coins on a wall with its button too", () => {
    const state = fixtures["pento2-control"];
    const { host, ctx } = mount(state);
    const coinMoves = state.legal.filter((m) => m.startsWith("coin "));
    expect(coinMoves.length).toBeGreaterThan(0);
    for (const move of coinMoves) click(host, `button[data-move="${move}"]`);
    expect(ctx.play.mock.calls).toEqual(coinMoves.map((m) => [m]));
    expect(host.querySelector(`button[data-move="${coinMoves[0]}"]`)!.textContent).toMatch(/^Put 1 coin on wall [A-Z]$/);
  });

  it("plays a step with the keyboard", () => {
    const state = fixtures["pento2-move"];
    const { host, ctx } = mount(state);
    const step = state.legal.find((m) => m !== "stop")!;
    host.querySelector(`[data-cell="${step}"]`)!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(ctx.play).toHaveBeenCalledWith(step);
  });
});
