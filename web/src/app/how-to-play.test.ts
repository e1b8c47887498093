// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameInfo } from "../core/api";
import { allGameUIs, gameUI } from "../games/registry";
import { howToPlay } from "./how-to-play";

const GAMES = ["treasure-hunt", "pathfinder-barriers", "pathfinder-cards", "mazemakers", "jokers-labyrinth"];

function info(id: string): GameInfo {
  return { id, name: id, how_to_play: "Goal: win.\nA turn:\n  move" } as unknown as GameInfo;
}

function open(details: HTMLDetailsElement): void {
  details.open = true;
  details.dispatchEvent(new Event("toggle"));
}

afterEach(() => vi.restoreAllMocks());

describe("How to play", () => {
  it("has the five games", () => {
    expect(allGameUIs().map((ui) => ui.id).sort()).toEqual([...GAMES].sort());
  });

  for (const id of GAMES) {
    it(`gives ${id} 2 to 4 captioned diagrams, positions of the game shown only`, () => {
      const diagrams = gameUI(id)!.diagrams ?? [];
      expect(diagrams.length).toBeGreaterThanOrEqual(2);
      expect(diagrams.length).toBeLessThanOrEqual(4);
      for (const { caption, state } of diagrams) {
        expect(caption).toMatch(/^[A-Z].*\.$/); // one sentence in plain words
        expect(caption).not.toMatch(/\n|\. [A-Z]|A-G\d/);
        expect(state.game).toBe(id);
        expect(state.interactive).toBe(false);
        expect(state.legal).toEqual([]);
        expect(Array.isArray(state.events)).toBe(true);
      }
    });

    it(`draws every ${id} diagram with the game's own board when opened, and only then`, () => {
      const warn = vi.spyOn(console, "warn");
      const ui = gameUI(id)!;
      const details = howToPlay(info(id), ui) as HTMLDetailsElement;
      document.body.append(details);
      const figures = [...details.querySelectorAll<HTMLElement>(".how-to-play-diagrams > figure.how-to-play-diagram")];
      expect(figures).toHaveLength(ui.diagrams!.length);
      for (const figure of figures) expect(figure.querySelector(".how-to-play-board")!.childElementCount).toBe(0);
      open(details);
      expect(warn).not.toHaveBeenCalled();
      expect(details.querySelectorAll("figure.how-to-play-diagram")).toHaveLength(ui.diagrams!.length);
      figures.forEach((figure, i) => {
        const host = figure.querySelector(".how-to-play-board")!;
        expect(host.querySelector("svg, [data-cell], [data-square]"), `${id} diagram ${i}`).not.toBeNull();
        expect(host.hasAttribute("inert")).toBe(true); // shown, never played: no focus, no clicks
        expect(figure.querySelector(":scope > figcaption")!.textContent).toBe(ui.diagrams![i].caption);
      });
      details.remove();
    });
  }

  it("keeps the text when a game has no diagrams, and the others when its board cannot draw one", () => {
    const plain = howToPlay(info("treasure-hunt"), null)!;
    expect(plain.querySelector(".how-to-play-diagrams")).toBeNull();
    expect(plain.querySelector("pre")!.textContent).toContain("Goal: win.");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const real = gameUI("treasure-hunt")!;
    const broken = {
      ...real,
      createBoard: (...args: Parameters<typeof real.createBoard>) => {
        if (args[1].view === real.diagrams![1].state.view) throw new Error("no");
        return real.createBoard(...args);
      },
    };
    const details = howToPlay(info("treasure-hunt"), broken) as HTMLDetailsElement;
    open(details);
    const captions = [...details.querySelectorAll(".how-to-play-diagram > figcaption")].map((c) => c.textContent);
    expect(captions).toEqual([real.diagrams![0].caption, real.diagrams![2].caption]);
    expect(warn).toHaveBeenCalledOnce();
    expect(details.querySelector("pre")).not.toBeNull();
  });
});
