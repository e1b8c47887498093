// @vitest-environment jsdom
// Playing a game's motions on the drawn board: which element each animation runs on, its frames and
// length, and none at all under reduced motion.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameUI, BoardState } from "../games/types";
import { FLIP_MS, MOTION_IDS, motionsOf, playMotions, prefersReducedMotion, SLIDE_MS, STEP_MS, walkMs, WALK_MAX_MS } from "./motion";

interface Call { el: Element; frames: Keyframe[]; options: KeyframeAnimationOptions }

function recordAnimations(): Call[] {
  const calls: Call[] = [];
  Element.prototype.animate = function (this: Element, frames: Keyframe[] | PropertyIndexedKeyframes | null,
    options?: number | KeyframeAnimationOptions) {
    calls.push({ el: this, frames: frames as Keyframe[], options: options as KeyframeAnimationOptions });
    return {} as Animation;
  };
  return calls;
}

function board(): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = '<div data-cell="a1" class="card"></div><div data-cell="b1" class="card"></div><span class="pawn"></span>';
  return host;
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce") }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).animate;
});

describe("playing motions", () => {
  it("runs each motion on the element it names, with its id and frames", () => {
    const calls = recordAnimations();
    const host = board();
    playMotions(host, [
      { kind: "flip", target: '[data-cell="a1"]' },
      { kind: "slide", target: '[data-cell="b1"]', from: [-60, 0] },
      { kind: "walk", target: ".pawn", path: [[0, 100], [0, 50]] },
      { kind: "walk", target: ".missing", path: [[1, 1]] },
    ]);
    expect(calls.map((c) => [c.el.getAttribute("data-cell") ?? c.el.className, c.options.id, c.options.duration])).toEqual([
      ["a1", MOTION_IDS.flip, FLIP_MS],
      ["b1", MOTION_IDS.slide, SLIDE_MS],
      ["pawn", MOTION_IDS.walk, 2 * STEP_MS], // two squares walked
    ]);
    expect(calls[1].frames.map((f) => f.transform)).toEqual(["translate(-60px, 0px)", "translate(0px, 0px)"]);
    expect(calls[2].frames.map((f) => f.transform)).toEqual(
      ["translate(0px, 100px)", "translate(0px, 50px)", "translate(0px, 0px)"]);
    expect(calls[0].frames.map((f) => f.transform)).toEqual(["scaleX(0)", "scaleX(1)"]);
  });

  it("keeps an SVG piece's own place in every frame", () => {
    const calls = recordAnimations();
    const host = document.createElement("div");
    host.innerHTML = '<svg><g class="pawn" transform="translate(10 20)"></g></svg>';
    const pawn = host.querySelector(".pawn")!;
    // jsdom has no SVG transform lists: give the pawn the one a browser would.
    Object.defineProperty(pawn, "transform", { value: { baseVal: { numberOfItems: 1,
      consolidate: () => ({ matrix: { a: 1, b: 0, c: 0, d: 1, e: 10, f: 20 } }) } } });
    playMotions(host, [{ kind: "walk", target: ".pawn", path: [[5, 0]] }]);
    expect(calls[0].frames.map((f) => f.transform)).toEqual([
      "translate(5px, 0px) matrix(1, 0, 0, 1, 10, 20)", "translate(0px, 0px) matrix(1, 0, 0, 1, 10, 20)"]);
  });

  it("keeps every step short and a long walk within its limit", () => {
    expect(walkMs(1)).toBe(STEP_MS);
    expect(walkMs(40)).toBe(WALK_MAX_MS);
    expect(WALK_MAX_MS / 40).toBeLessThanOrEqual(400);
    expect(Math.max(FLIP_MS, SLIDE_MS, STEP_MS)).toBeLessThanOrEqual(400);
  });

  it("animates nothing where the system asks for reduced motion", () => {
    const calls = recordAnimations();
    reducedMotion(true);
    expect(prefersReducedMotion()).toBe(true);
    expect(playMotions(board(), [{ kind: "flip", target: '[data-cell="a1"]' }])).toEqual([]);
    expect(calls).toEqual([]);
    reducedMotion(false);
    expect(playMotions(board(), [{ kind: "flip", target: '[data-cell="a1"]' }])).toHaveLength(1);
  });

  it("asks the game, and survives a game that fails", () => {
    const state = { game: "g" } as BoardState;
    const ui = { motions: () => [{ kind: "flip", target: "x" }] } as unknown as GameUI;
    expect(motionsOf(ui, state, state)).toHaveLength(1);
    expect(motionsOf({} as GameUI, state, state)).toEqual([]);
    expect(motionsOf(ui, null, state)).toEqual([]);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = { motions: () => { throw new Error("no"); } } as unknown as GameUI;
    expect(motionsOf(failing, state, state)).toEqual([]);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
