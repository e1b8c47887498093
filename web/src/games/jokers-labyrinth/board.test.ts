// The board against real engine positions (fixtures/positions.json, from fixtures/capture.mjs):
// every legal move of every position is played by clicking what clicksFor names, exactly once;
// nothing is clickable when not interactive; a seat's DOM never names a card its view hides.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { clickSelector as click, fakeContext } from "../board-testing";
import type { BoardState } from "../types";
import { jokersLabyrinthUI } from "./index";

interface Position {
  name: string;
  acting: BoardState;
  other?: BoardState;
}

const here = dirname(fileURLToPath(import.meta.url));
const positions: Position[] = JSON.parse(readFileSync(join(here, "fixtures/positions.json"), "utf8"));

function mount(state: BoardState) {
  const host = document.createElement("div");
  document.body.append(host);
  const ctx = fakeContext();
  const board = jokersLabyrinthUI.createBoard(host, state, ctx);
  return { host, ctx, board };
}

/** Every card name a view mentions anywhere (board strings, hands, piles, fight, held card). */
function cardsInView(view: unknown): Set<string> {
  const names = new Set<string>();
  JSON.stringify(view).replace(/(?:10|[2-9AJQK])[CDHS]\*?|JK2?\*?/g, (m) => {
    names.add(m);
    return m;
  });
  return names;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("jokers-labyrinth fixtures", () => {
  it("cover every kind of decision", () => {
    const verbs = new Set(positions.flatMap((p) => p.acting.legal.map((m) => m.split(" ")[0])));
    for (const verb of ["jack", "spot", "reveal", "move", "fight", "end", "scavenge", "keep",
      "discard", "use", "nocard", "debt", "pay", "boost", "recon", "noreroll"]) {
      expect(verbs, verb).toContain(verb);
    }
  });
});

describe.each(positions.map((p) => [p.name, p] as const))("position %s", (_name, position) => {
  const state = position.acting;

  it("plays every legal move by the clicks clicksFor names, exactly once", () => {
    // One board for all moves: playing a move clears the clicks, as after a server reply.
    const { host, ctx } = mount(state);
    for (const move of state.legal) {
      const clicks = jokersLabyrinthUI.clicksFor(move, state);
      expect(clicks, move).not.toBeNull();
      ctx.play.mockClear();
      for (const selector of clicks!) click(host, selector);
      expect(ctx.play, `${move} via ${clicks!.join(" ")}`).toHaveBeenCalledTimes(1);
      expect(ctx.play).toHaveBeenCalledWith(move);
      expect(host.querySelectorAll(".jl-selected")).toHaveLength(0);
    }
  }, 60_000); // up to 62 moves, each redrawing the board a few times

  it("offers nothing when not interactive", () => {
    const { host, ctx } = mount({ ...state, interactive: false });
    expect(host.querySelectorAll(".jl-can, [tabindex], [role=button], .jl-menu")).toHaveLength(0);
    for (const el of host.querySelectorAll("[data-key]")) {
      el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("draws the 9 × 9 grid with a back for every face-down card and no face on it", () => {
    const { host } = mount(state);
    expect(host.querySelectorAll(".jl-cell")).toHaveLength(81);
    // At the end a card still face down but known is drawn face up (dimmed); the rest are backs.
    const over = state.view.phase === "over";
    const downCells = state.view.board.flat()
      .filter((t: string) => (over ? /^#(~\d+)?$/ : /^#/).test(t)).length;
    expect(host.querySelectorAll(".jl-dungeon .jl-back")).toHaveLength(downCells);
    for (const back of host.querySelectorAll(".jl-back")) {
      expect(back.getAttribute("data-card")).toBeNull();
      expect(back.textContent).toBe("");
    }
  });

  it("names in the DOM only cards the observer's view shows", () => {
    for (const observer of [position.acting, position.other].filter(Boolean) as BoardState[]) {
      const { host } = mount(observer);
      const allowed = cardsInView(observer.view);
      for (const el of host.querySelectorAll("[data-card]")) {
        const name = el.getAttribute("data-card")!;
        // Jack choice buttons show the four Jacks, which are components, not dealt cards.
        if (/^J[CDHS]$/.test(name)) continue;
        expect(allowed, `${name} shown to seat ${observer.seat}`).toContain(name);
      }
    }
  });
});

describe("hidden information", () => {
  it("shows another seat's private cards as backs only", () => {
    const withPrivate = positions.find((p) => p.other?.view.players.some((pl: { hidden: number }) => pl.hidden > 0));
    expect(withPrivate, "a fixture where a seat holds a private card").toBeDefined();
    const view = withPrivate!.other!.view;
    const { host } = mount(withPrivate!.other!);
    const hiddenTotal = view.players.reduce((n: number, pl: { hidden: number }) => n + pl.hidden, 0);
    expect(host.querySelectorAll(".jl-hand .jl-back")).toHaveLength(hiddenTotal);
    const secret = withPrivate!.acting.view.players[withPrivate!.acting.seat!].hand as string[];
    const shownToOther = view.players[withPrivate!.acting.seat!].hand as string[];
    for (const card of secret.filter((c) => !shownToOther.includes(c))) {
      expect(host.innerHTML).not.toContain(`data-card="${card}"`);
    }
  });
});

describe("selection", () => {
  const multi = positions.find((p) => p.acting.legal.some((m) => m.startsWith("boost ")))!;

  it("keeps a visible selection that Escape and a second click cancel", () => {
    expect(multi).toBeDefined();
    const move = multi.acting.legal.find((m) => m.startsWith("boost "))!;
    const { host, ctx } = mount(multi.acting);
    const first = jokersLabyrinthUI.clicksFor(move, multi.acting)![0];
    click(host, first);
    expect(host.querySelector(`${first}.jl-selected`)).not.toBeNull();
    host.querySelector(".jl-root")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(host.querySelectorAll(".jl-selected")).toHaveLength(0);
    click(host, first);
    click(host, first);
    expect(host.querySelectorAll(".jl-selected")).toHaveLength(0);
    expect(ctx.play).not.toHaveBeenCalled();
  });

  it("plays a cell move with the keyboard (Enter on the focused cell)", () => {
    const position = positions.find((p) => p.acting.legal.some((m) => m.startsWith("reveal ")))!;
    const move = position.acting.legal.find((m) => m.startsWith("reveal "))!;
    const { host, ctx } = mount(position.acting);
    const [selector] = jokersLabyrinthUI.clicksFor(move, position.acting)!;
    const cell = host.querySelector(selector)!;
    expect(cell.getAttribute("tabindex")).toBe("0");
    expect(cell.getAttribute("aria-label")).toMatch(/Turn up the card/);
    cell.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(ctx.play).toHaveBeenCalledWith(move);
  });
});
