// The board against real engine positions (fixtures/capture.mjs): every legal move is played by
// clicking what clicksFor names, exactly once; nothing is clickable out of turn; each phase and
// both sides of the table are drawn as the rules say.
import { afterEach, describe, expect, it, vi } from "vitest";
import { clickSelector as click, fakeContext } from "../board-testing";
import type { BoardState } from "../types";
import { treasureHuntUI } from "./index";
import specializedStep from "./fixtures/specialized-step.json";
import specializedSwap from "./fixtures/specialized-swap.json";
import firstSwap from "./fixtures/standard-first-swap.json";
import over from "./fixtures/standard-over.json";
import replayDeal from "./fixtures/replay-deal.json";
import purpleStep from "./fixtures/standard-purple-step.json";
import purpleSwap from "./fixtures/standard-purple-swap.json";
import standardStep from "./fixtures/standard-step.json";
import variantStep from "./fixtures/variant-step.json";

const playable: Record<string, BoardState> = {
  "standard first swap (Green)": firstSwap as BoardState,
  "standard step (Green)": standardStep as BoardState,
  "standard swap (Purple, turned)": purpleSwap as BoardState,
  "standard step (Purple, turned)": purpleStep as BoardState,
  "specialized swap (Purple)": specializedSwap as BoardState,
  "specialized step (Green)": specializedStep as BoardState,
  "mapKey=LDRU, cycleRule=stopOnRepeat step": variantStep as BoardState,
};

function mount(state: BoardState) {
  document.body.innerHTML = "";
  const host = document.createElement("div");
  host.id = "board";
  document.body.append(host);
  const ctx = fakeContext();
  const board = treasureHuntUI.createBoard(host, state, ctx);
  return { host, ctx, board };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe.each(Object.entries(playable))("%s", (_name, state) => {
  it("has legal moves to test", () => {
    expect(state.legal.length).toBeGreaterThan(0);
  });

  it("plays every legal move by clicking what clicksFor names, exactly once", () => {
    // One board for all moves: a played move clears the selection, as a new state would.
    const { host, ctx } = mount(state);
    for (const move of state.legal) {
      const clicks = treasureHuntUI.clicksFor(move, state);
      expect(clicks, move).not.toBeNull();
      ctx.play.mockClear();
      for (const selector of clicks!) click(host, selector);
      expect(ctx.play, move).toHaveBeenCalledExactlyOnceWith(move);
    }
    expect(ctx.notify).not.toHaveBeenCalled();
  }, 30_000);

  it("makes exactly the cards of legal moves focusable buttons with a label in words", () => {
    const { host } = mount(state);
    const buttons = [...host.querySelectorAll("[role=button]")];
    const cells = new Set(state.legal.flatMap((m) => treasureHuntUI.clicksFor(m, state)!));
    expect(buttons.length).toBe(cells.size);
    for (const button of buttons) {
      expect(button.getAttribute("tabindex")).toBe("0");
      expect(button.getAttribute("aria-label")).toMatch(/ at [a-e][1-5]/);
    }
  });

  it("offers nothing when the same position is not interactive", () => {
    const { host, ctx } = mount({ ...state, interactive: false });
    expect(host.querySelectorAll("[role=button], [tabindex]").length).toBe(0);
    for (const move of state.legal.slice(0, 10)) {
      for (const selector of treasureHuntUI.clicksFor(move, state)!) click(host, selector);
    }
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("draws all 25 cards, both pawns and the Treasure Marker", () => {
    const { host } = mount(state);
    expect(host.querySelectorAll(".th-card").length).toBe(25);
    expect(host.querySelectorAll(".th-svg .th-pawn").length).toBe(2);
    expect(host.querySelectorAll(".th-treasure-marker").length).toBe(1);
  });
});

describe("swap selection", () => {
  const state = firstSwap as BoardState;
  const [first, second] = treasureHuntUI.clicksFor(state.legal[0], state)!;

  it("keeps the first card selected with its partners ringed, and cancels on a second click", () => {
    const { host, ctx } = mount(state);
    click(host, first);
    expect(host.querySelector(first)!.classList.contains("th-selected")).toBe(true);
    expect(host.querySelector(second)!.classList.contains("th-partner")).toBe(true);
    click(host, first);
    expect(host.querySelectorAll(".th-selected, .th-partner").length).toBe(0);
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("cancels on Escape", () => {
    const { host } = mount(state);
    click(host, first);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(host.querySelectorAll(".th-selected").length).toBe(0);
  });

  it("plays with the keyboard: Enter on one card, Space on the other", () => {
    const { host, ctx } = mount(state);
    host.querySelector(first)!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    host.querySelector(second)!.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    expect(ctx.play).toHaveBeenCalledWith(state.legal[0]);
  });

  it("moves the focus with the arrow keys along the screen, skipping cards that cannot be played", () => {
    const { host } = mount(purpleSwap as BoardState);
    // Purple sees the table turned: the screen's right is the figure's left.
    const start = host.querySelector<HTMLElement>('[data-cell="e4"]')!;
    start.focus();
    start.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(document.activeElement!.getAttribute("data-cell")).toBe("d4");
    // From c2 up Purple's screen (down the figure): c3 carries a pawn, so c4 is next.
    const c2 = host.querySelector<HTMLElement>('[data-cell="c2"]')!;
    c2.focus();
    c2.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    expect(document.activeElement!.getAttribute("data-cell")).toBe("c4");
  });

  it("swaps by dragging one card onto the other", () => {
    const { host, ctx } = mount(state);
    const target = host.querySelector(second)!;
    document.elementFromPoint = () => target;
    host.querySelector(first)!.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true, clientX: 10, clientY: 10 }));
    host.querySelector(first)!.dispatchEvent(new MouseEvent("pointermove", { bubbles: true, clientX: 60, clientY: 10 }));
    target.dispatchEvent(new MouseEvent("pointerup", { bubbles: true, clientX: 60, clientY: 10 }));
    expect(ctx.play).toHaveBeenCalledExactlyOnceWith(state.legal[0]);
  });

  it("tells why a card carrying the pawns cannot be swapped", () => {
    const { host, ctx } = mount(state);
    click(host, '[data-cell="c3"]');
    expect(ctx.play).not.toHaveBeenCalled();
    expect(ctx.notify).toHaveBeenCalledExactlyOnceWith(expect.stringContaining("carries a pawn"));
  });

  it("keeps the selection across a redraw of the same position", () => {
    const { host, board } = mount(state);
    click(host, first);
    board.update({ ...state });
    expect(host.querySelector(first)!.classList.contains("th-selected")).toBe(true);
  });
});

describe("hint", () => {
  it("asks the game's computer player and rings the cards of its swap, playing nothing", async () => {
    const state = firstSwap as BoardState;
    const { host, ctx } = mount(state);
    ctx.suggest = vi.fn(async () => ({ actions: ["2S-AS"], view: null }));
    host.querySelector<HTMLButtonElement>("[data-hint]")!.click();
    await vi.waitFor(() => expect(host.querySelectorAll(".th-hint").length).toBe(2));
    expect(ctx.suggest).toHaveBeenCalledWith("greedy");
    expect([...host.querySelectorAll(".th-hint")].map((c) => c.getAttribute("data-card")).sort()).toEqual(["2S", "AS"]);
    expect(ctx.notify).toHaveBeenCalledExactlyOnceWith("Hint: swap 2 of Spades (2♠) at a1 with Ace of Spades (A♠) at b1.");
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("is not offered out of turn", () => {
    const { host } = mount({ ...(firstSwap as BoardState), interactive: false });
    expect(host.querySelector("[data-hint]")).toBeNull();
  });
});

describe("drawing", () => {
  function cardOrigin(host: HTMLElement, cell: string): [number, number] {
    const transform = host.querySelector(`[data-cell="${cell}"]`)!.getAttribute("transform")!;
    const [, x, y] = /translate\(([\d.]+) ([\d.]+)\)/.exec(transform)!;
    return [Number(x), Number(y)];
  }

  it("shows Green the figure as printed: a1 top-left, e5 bottom-right", () => {
    const { host } = mount(firstSwap as BoardState);
    const [ax, ay] = cardOrigin(host, "a1");
    const [ex, ey] = cardOrigin(host, "e5");
    expect(ax).toBeLessThan(ex);
    expect(ay).toBeLessThan(ey);
  });

  it("turns the table 180° for Purple, and the map key's arrows with it", () => {
    const { host } = mount(purpleSwap as BoardState);
    const [ax, ay] = cardOrigin(host, "a1");
    const [ex, ey] = cardOrigin(host, "e5");
    expect(ax).toBeGreaterThan(ex);
    expect(ay).toBeGreaterThan(ey);
    // The standard key sends hearts up the figure: down the screen for Purple.
    expect(host.querySelector(".th-key")!.getAttribute("aria-label")).toContain("hearts move down the screen");
    const green = mount(firstSwap as BoardState).host;
    expect(green.querySelector(".th-key")!.getAttribute("aria-label")).toContain("hearts move up the screen");
  });

  it("draws faces with rank and suit and both scores", () => {
    const state = firstSwap as BoardState;
    const { host } = mount(state);
    const queen = host.querySelector('[data-card="QD"]')!;
    expect(queen.textContent).toContain("Q");
    expect(queen.querySelector("title")!.textContent).toBe("Queen of Diamonds (Q♦) at c5");
    expect(host.querySelector(".th-scores")!.textContent).toMatch(/Green.*0.*Purple.*0/);
    expect(host.querySelector(".th-treasure-text")!.textContent).toContain("Ace of Diamonds");
  });

  it("offers the step targets with arrows and says where the cards carry the pawn", () => {
    const { host } = mount(standardStep as BoardState);
    expect(host.querySelectorAll(".th-step-chip").length).toBe(4);
    // Seed 7: stepping up from c3 lands on 6D (c2), which sends the pawn 6 down: off the board.
    expect(host.querySelector('[data-cell="c2"]')!.getAttribute("aria-label"))
      .toBe("Step onto 6 of Diamonds (6♦) at c2: the pawn stays there");
  });

  it("rings the last swaps and draws the last paths from the log", () => {
    const { host } = mount(purpleSwap as BoardState);
    const lastSwap = (purpleSwap as BoardState).view.locked as string[];
    const ringed = [...host.querySelectorAll(".th-trace-latest .th-swap-ring")].map((r) => r.getAttribute("data-swapped"));
    expect(ringed).toHaveLength(2);
    for (const code of lastSwap) {
      expect(ringed).toContain(host.querySelector(`[data-card="${code}"]`)!.getAttribute("data-cell"));
    }
    expect(host.querySelectorAll(".th-trace .th-path").length).toBeGreaterThan(0);
    expect(host.querySelectorAll(".th-lock").length).toBe(2);
  });

  it("falls back to the view's own last swaps when the log does not replay onto the view", () => {
    const state = purpleStep as BoardState;
    const { host } = mount({ ...state, events: state.events.slice(-3) });
    const ringed = [...host.querySelectorAll(".th-swap-ring")].map((r) => r.getAttribute("data-swapped"));
    const cellOf = (code: string) => host.querySelector(`[data-card="${code}"]`)!.getAttribute("data-cell");
    expect(ringed.sort()).toEqual([...state.view.locked, ...state.view.swapped].map(cellOf).sort());
    expect(host.querySelectorAll(".th-path").length).toBe(0);
    expect(host.querySelector(".th-last-turns")).toBeNull();
  });

  it("draws a finished game with its winner and nothing to click", () => {
    const { host } = mount(over as BoardState);
    expect(host.querySelector(".th-status")!.textContent).toBe("Green wins 55–36 points: the King of Diamonds was scored.");
    expect(host.querySelectorAll("[role=button]").length).toBe(0);
    expect(host.querySelectorAll(".th-treasure-marker").length).toBe(0);
  });

  it("draws the specialized deck's arrows and Treasures", () => {
    const { host } = mount(specializedSwap as BoardState);
    const cards = [...host.querySelectorAll(".th-card")].map((c) => c.getAttribute("data-card"));
    expect(cards.filter((c) => /^T\d$/.test(c!))).toHaveLength(9);
    expect(host.querySelector(".th-score")!.getAttribute("aria-label")).toMatch(/^Green: \d+ points?$/);
  });

  it("draws an omniscient replay during the deal: dealt cards, empty slots, no pawns yet", () => {
    const { host } = mount(replayDeal as BoardState);
    expect([...host.querySelectorAll(".th-card")].map((c) => c.getAttribute("data-card"))).toEqual(["7D", "KD", "2S", "AH"]);
    expect(host.querySelectorAll(".th-empty-cell").length).toBe(21);
    expect(host.querySelectorAll(".th-svg .th-pawn, [role=button]").length).toBe(0);
    expect(host.querySelector(".th-status")!.textContent).toBe("Dealing the cards.");
  });

  it("walks the cards with Tab in the observer's reading order", () => {
    const { host } = mount(purpleSwap as BoardState);
    const cells = [...host.querySelectorAll(".th-card")].map((c) => c.getAttribute("data-cell"));
    expect(cells[0]).toBe("e5");
    expect(cells[24]).toBe("a1");
  });

  it("summarises each seat for the match header, the score in points (a diamond scores its rank)", () => {
    expect(treasureHuntUI.seatSummary!(over as BoardState, 1)).toBe("Purple · 36 points");
    expect(treasureHuntUI.seatSummary!(purpleSwap as BoardState, 1)).toMatch(/^Purple · \d+ points?$/);
  });
});
