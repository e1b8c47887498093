// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import type { GameInfo } from "../core/api";
import { gameUI } from "../games/registry";
import { howToPlay } from "./how-to-play";

const GAMES = ["treasure-hunt", "pathfinder-barriers", "pathfinder-cards", "mazemakers", "jokers-labyrinth"];

function info(id: string): GameInfo {
  return { id, name: id, how_to_play: "Goal: win.\nA turn:\n  move" } as unknown as GameInfo;
}

function open(details: HTMLDetailsElement): void {
  details.open = true;
  details.dispatchEvent(new Event("toggle"));
}

describe("How to play", () => {
  for (const id of GAMES) {
    it(`draws an example ${id} position with the game's own board when opened`, () => {
      const ui = gameUI(id)!;
      const details = howToPlay(info(id), ui) as HTMLDetailsElement;
      document.body.append(details);
      const host = details.querySelector(".how-to-play-board")!;
      expect(host.childElementCount).toBe(0); // nothing drawn while closed
      open(details);
      expect(host.querySelector("svg, [data-cell], [data-square]")).not.toBeNull();
      expect(host.hasAttribute("inert")).toBe(true); // shown, never played: no focus, no clicks
      expect(details.querySelector(".how-to-play-example > figcaption")!.textContent).toContain("example position");
      details.remove();
    });
  }

  it("keeps the text when a game has no example, and when its board cannot draw one", () => {
    const plain = howToPlay(info("treasure-hunt"), null)!;
    expect(plain.querySelector(".how-to-play-example")).toBeNull();
    expect(plain.querySelector("pre")!.textContent).toContain("Goal: win.");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const broken = { ...gameUI("treasure-hunt")!, createBoard: () => { throw new Error("no"); } };
    const details = howToPlay(info("treasure-hunt"), broken) as HTMLDetailsElement;
    open(details);
    expect(details.querySelector(".how-to-play-example")).toBeNull();
    expect(details.querySelector("pre")).not.toBeNull();
    warn.mockRestore();
  });
});
