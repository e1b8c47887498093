import { afterEach, describe, expect, it, vi } from "vitest";
import type { BoardState } from "../../types";
import { createMazeEditor, editorClicksFor } from "./index";
import { parsePlacement } from "./draft";
import { localVerdict } from "./problems";
import { MazeDraft } from "./draft";
import {
  RULES_PAGE_MAZE, click, fakeContext, fixture, press, settle, type FakeContext, type FixtureName,
} from "./test-support";

let host: HTMLElement;

function mount(state: BoardState, ctx: FakeContext = fakeContext()) {
  host = document.createElement("div");
  document.body.append(host);
  const board = createMazeEditor(host, state, ctx);
  return { board, ctx };
}

afterEach(() => {
  host?.remove();
});

/**
 * Clicks, for each move, the path editorClicksFor gives, on one board (the fake server never
 * answers, so the board stays as drawn) and checks each path plays its move and nothing else.
 */
function expectEachPlayedByClicks(state: BoardState, moves: string[]): void {
  const { ctx } = mount(state);
  for (const move of moves) {
    const clicks = editorClicksFor(move, state);
    expect(clicks, move).not.toBeNull();
    const before = ctx.play.mock.calls.length;
    for (const selector of clicks!) click(host, selector);
    expect(ctx.play.mock.calls.slice(before), move).toEqual([[move]]);
  }
  expect(ctx.notify).not.toHaveBeenCalled();
}

/** Slow: jsdom builds about a thousand SVG nodes per full drawing, on a shared 2-core machine. */
const SLOW = 120_000;
vi.setConfig({ testTimeout: SLOW });

describe("editorClicksFor plays every legal placement", () => {
  const played: FixtureName[] = ["square-12", "square-39", "hex-9", "advanced-20"];
  for (const name of played) {
    it(`${name}: each legal move, clicked, is played exactly once`, () => {
      const state = fixture(name);
      expect(state.legal.length).toBeGreaterThan(0);
      expectEachPlayedByClicks(state, state.legal);
    });
  }

  it("square-empty: the first card on every cell of the empty table's window", () => {
    const state = fixture("square-empty");
    const reachable = state.legal.filter((m) => editorClicksFor(m, state) !== null);
    // The window is 10 × 6 cells; every card may go on each.
    expect(reachable.length).toBe(60 * 40);
    // Every cell of the window with one card, and every card on one cell (all 2,400 pass too,
    // in about a minute and a half on this machine).
    const cells = new Set<string>();
    const cards = new Set<string>();
    const sample = reachable.filter((move) => {
      const [card, cell] = parsePlacement(move)!;
      const fresh = !cells.has(cell) || !cards.has(card);
      cells.add(cell);
      cards.add(card);
      return fresh;
    });
    expect(cells.size).toBe(60);
    expect(cards.size).toBe(40);
    expectEachPlayedByClicks(state, sample);
    expect(editorClicksFor("AD@0,0", state)).toBeNull();
  });

  it("gives no path for moves that are not placements", () => {
    expect(editorClicksFor("explore 3,2", fixture("square-12"))).toBeNull();
  });
});

describe("what is drawn", () => {
  it("shows the Runner only the count of cards placed, no card faces", () => {
    const { ctx } = mount(fixture("runner-waiting", { legal: [] }));
    expect(host.textContent).toContain("12 of 40 cards placed");
    expect(host.querySelector("[data-card]")).toBeNull();
    expect(host.querySelector("[data-cell]")).toBeNull();
    expect(host.innerHTML).not.toMatch(/[♦♣♠]/);
    expect(ctx.check).not.toHaveBeenCalled();
  });

  it("offers nothing to click when not interactive", () => {
    const state = fixture("square-12", { interactive: false });
    mount(state);
    expect(host.querySelectorAll("[data-cell]").length).toBeGreaterThan(12);
    expect(host.querySelectorAll("[data-card]").length).toBe(12);
    expect(host.querySelector("[tabindex], button, [role=button]")).toBeNull();
  });

  it("draws committed cards as played, with the last one highlighted", () => {
    const state = fixture("square-12");
    mount(state);
    const last = parsePlacement(state.events[state.events.length - 1].text)!;
    expect(host.querySelector(`[data-cell="${last[1]}"]`)!.classList).toContain("pfe-last");
    expect(host.querySelectorAll(".pfe-committed").length).toBe(12);
    // The tray holds the 28 cards left.
    expect(host.querySelectorAll("[data-tray-card]").length).toBe(28);
  });

  it("draws hexagons on the hex board", () => {
    mount(fixture("hex-9"));
    expect(host.querySelectorAll(".pfe-table polygon.pfe-card-face").length).toBe(9);
    expect(host.querySelector(".pfe-table rect.pfe-card-face")).toBeNull();
  });

  it("highlights the legal places of the selected card in card-by-card mode", () => {
    const state = fixture("square-12");
    mount(state);
    click(host, '[data-editor-mode="single"]');
    click(host, '[data-tray-card="JK"]');
    const legal = state.legal.filter((m) => m.startsWith("JK@")).map((m) => m.split("@")[1]).sort();
    const targets = [...host.querySelectorAll(".pfe-target")].map((el) => el.getAttribute("data-cell")!).sort();
    expect(targets).toEqual(legal);
  });
});

describe("designing a whole maze", () => {
  const judge = (text: string) => {
    // The fake referee: the same reading as the server's parse_maze, done on the local draft.
    const draft = new MazeDraft("square");
    text.split(" / ").forEach((row, y) => row.split(" ").forEach((card, x) => card !== "." && draft.place(card, `${x},${y}`)));
    const verdict = localVerdict(draft, false);
    return verdict.ok ? { ok: true } : { ok: false, message: `pathfinder-cards: ${verdict.message} (G1.2)` };
  };

  async function buildByClicks(cards: [string, string][]) {
    for (const [card, cell] of cards) {
      click(host, `[data-tray-card="${card}"]`);
      click(host, `[data-cell="${cell}"]`);
    }
    await settle();
  }

  const shifted = RULES_PAGE_MAZE.map(([card, cell]) => {
    const [x, y] = cell.split(",").map(Number);
    return [card, `${x + 16},${y + 18}`] as [string, string];
  });

  it("shows the progress of a design short of cards, and asks the server only about whole mazes", async () => {
    const { ctx } = mount(fixture("square-empty"), fakeContext(judge));
    await buildByClicks(shifted.slice(0, 3));
    expect(ctx.check).not.toHaveBeenCalled();
    const status = host.querySelector("[data-validity]")!.textContent!;
    expect(status).toContain("3 of 40 placed");
    expect(status).toContain("place 37 more cards");
    expect(status).not.toMatch(/cannot read|expected one of/);
  });

  it("refuses an invalid maze with its reason, submits a valid one", async () => {
    const ctx = fakeContext(judge);
    ctx.suggest.mockResolvedValue({ actions: shifted.map(([card, cell]) => `${card}@${cell}`), view: {} });
    mount(fixture("square-empty"), ctx);
    click(host, '[data-editor-action="generate"]');
    await settle();
    await settle();
    expect(host.querySelector('[data-validity="valid"]')).not.toBeNull();
    // Swap A♦ with A♠ by dragging-free clicks: select A♦ on the table, then A♠'s cell.
    click(host, '[data-cell="16,20"]');
    click(host, '[data-cell="16,21"]');
    await settle();
    const status = host.querySelector("[data-validity]")!;
    expect(status.getAttribute("data-validity")).toBe("invalid");
    expect(status.textContent).toContain("no path of edge-adjacent diamonds");
    expect(host.querySelector('[data-cell="16,21"]')!.classList).toContain("pfe-problem");
    expect((host.querySelector('[data-editor-action="submit"]') as HTMLButtonElement).disabled).toBe(true);
    click(host, '[data-editor-action="submit"]');
    expect(ctx.play).not.toHaveBeenCalled();
    // Swap back: valid again, Submit plays the whole maze as one text.
    click(host, '[data-cell="16,21"]');
    click(host, '[data-cell="16,20"]');
    await settle();
    click(host, '[data-editor-action="submit"]');
    expect(ctx.play.mock.calls).toEqual([[
      "AC 2C 3C 4C 5C 6C 7C 8C / 9C 10C JC QC KC 8D 9D 10D / AD 2D 3D 4D 5D 6D 7D JK / " +
      "AS 2S 3S 4S 5S 6S 7S 8S / 9S 10S JS QS KS JD QD KD"]]);
  });

  it("loads a generated design and clears it", async () => {
    const ctx = fakeContext(judge);
    ctx.suggest.mockResolvedValue({ actions: RULES_PAGE_MAZE.map(([card, cell]) => `${card}@${cell}`), view: {} });
    mount(fixture("square-empty"), ctx);
    (host.querySelector(".pfe-difficulty") as HTMLSelectElement).value = "hard";
    host.querySelector(".pfe-difficulty")!.dispatchEvent(new Event("change"));
    click(host, '[data-editor-action="generate"]');
    await settle();
    await settle();
    expect(ctx.suggest).toHaveBeenCalledWith("maker:candidates=4,sims=3");
    // The design is shown where the computer laid it (from 0,0).
    expect(host.querySelectorAll("[data-card]").length).toBe(40);
    expect(host.querySelector('[data-validity="valid"]')).not.toBeNull();
    click(host, '[data-editor-action="clear"]');
    expect(host.querySelectorAll(".pfe-table [data-card]").length).toBe(0);
    expect(host.querySelectorAll("[data-tray-card]").length).toBe(40);
  });

  it("returns a card to the tray, cancels with Escape, acts on Enter", async () => {
    const { ctx } = mount(fixture("square-empty"), fakeContext(judge));
    click(host, '[data-tray-card="AD"]');
    const cell = host.querySelector('[data-cell="18,19"]')!;
    press(cell, "Enter");
    await settle();
    expect(host.querySelector('[data-cell="18,19"] [data-card="AD"]')).not.toBeNull();
    press(host.querySelector('[data-cell="18,19"]')!, " ");
    expect(host.querySelector('[data-cell="18,19"]')!.classList).toContain("pfe-selected");
    press(host.querySelector('[data-cell="18,19"]')!, "Escape");
    expect(host.querySelector(".pfe-selected")).toBeNull();
    click(host, '[data-cell="18,19"]');
    click(host, '[data-editor-action="return"]');
    expect(host.querySelector('[data-tray-card="AD"]')).not.toBeNull();
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("has one tab stop on the table and moves it with the arrow keys", () => {
    mount(fixture("square-12"));
    const stops = host.querySelectorAll('.pfe-table [tabindex="0"]');
    expect(stops.length).toBe(1);
    const from = stops[0] as SVGElement;
    from.focus();
    press(from, "ArrowRight");
    const [x, y] = from.getAttribute("data-cell")!.split(",").map(Number);
    expect(document.activeElement!.getAttribute("data-cell")).toBe(`${x + 1},${y}`);
    expect(host.querySelectorAll('.pfe-table [tabindex="0"]').length).toBe(1);
  });

  it("drops a dragged card on the cell under the pointer", () => {
    mount(fixture("square-empty"));
    const target = host.querySelector('[data-cell="20,20"]')!;
    document.elementFromPoint = () => target;
    const card = host.querySelector('[data-tray-card="JK"]')!;
    card.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true, button: 0, clientX: 10, clientY: 10 }));
    window.dispatchEvent(new MouseEvent("pointermove", { clientX: 60, clientY: 80 }));
    window.dispatchEvent(new MouseEvent("pointerup", { clientX: 60, clientY: 80 }));
    expect(host.querySelector('[data-cell="20,20"] [data-card="JK"]')).not.toBeNull();
    // Picked up from the table and dropped on the tray: back in the tray.
    const tray = host.querySelector("[data-tray]")!;
    document.elementFromPoint = () => tray;
    const placed = host.querySelector('[data-cell="20,20"]')!;
    placed.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true, button: 0, clientX: 60, clientY: 80 }));
    window.dispatchEvent(new MouseEvent("pointermove", { clientX: 200, clientY: 300 }));
    window.dispatchEvent(new MouseEvent("pointerup", { clientX: 200, clientY: 300 }));
    expect(host.querySelector('[data-tray-card="JK"]')).not.toBeNull();
    expect(host.querySelector('.pfe-table [data-card="JK"]')).toBeNull();
  });

  it("continues cards already played card by card after Submit", async () => {
    const state = fixture("square-39");
    const ctx = fakeContext();
    const { board } = mount(state, ctx);
    const [card, cell] = parsePlacement(state.legal[0])!;
    click(host, `[data-tray-card="${card}"]`);
    click(host, `[data-cell="${cell}"]`);
    await settle();
    expect(host.querySelector('[data-validity="valid"]')).not.toBeNull();
    click(host, '[data-editor-action="submit"]');
    expect(ctx.play.mock.calls).toEqual([[state.legal[0]]]);
    // The server's answer: the card is on the table; nothing is left to play.
    const after = fixture("square-39", { version: state.version + 1, legal: [] });
    after.view.cards.push({ cell, card });
    board.update(after);
    expect(ctx.play).toHaveBeenCalledTimes(1);
    expect(host.querySelectorAll(".pfe-committed").length).toBe(40);
  });
});
