/// <reference types="vite/client" />
// Shared by the editor's unit tests: the captured fixtures, a fake BoardContext that records what
// the board asks, and clicking through selectors the way the e2e harness does.
import { fakeContext as fakeSeatContext, type FakeContext } from "../../board-testing";
import type { BoardState, CheckResult } from "../../types";

const FIXTURE_NAMES = ["square-empty", "square-12", "square-39", "hex-9", "advanced-20", "runner-waiting"] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

/** Captured by fixtures/capture.py from the engine: real build-phase views and legal moves. */
const files = import.meta.glob<BoardState>("./fixtures/*.json", { eager: true, import: "default" });
export const fixtures = Object.fromEntries(FIXTURE_NAMES.map((name) => [name, files[`./fixtures/${name}.json`]])) as
  Record<FixtureName, BoardState>;

export function fixture(name: FixtureName, patch: Partial<BoardState> = {}): BoardState {
  return { ...structuredClone(fixtures[name]), ...patch };
}

export { clickSelector as click, type FakeContext } from "../../board-testing";

/** A context whose server judges every checked text with `checker`. */
export function fakeContext(checker?: (text: string) => CheckResult): FakeContext {
  return fakeSeatContext({ check: checker });
}

export function press(el: Element, key: string): void {
  el.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
}

/** Lets the fake check's promises settle and the editor redraw. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; ++i) await Promise.resolve();
}

/** The 5 × 8 maze of the rules page (valid), as [card, "x,y"] pairs from (0,0). */
export const RULES_PAGE_MAZE = [
  "AC 2C 3C 4C 5C 6C 7C 8C",
  "9C 10C JC QC KC 8D 9D 10D",
  "AD 2D 3D 4D 5D 6D 7D JK",
  "AS 2S 3S 4S 5S 6S 7S 8S",
  "9S 10S JS QS KS JD QD KD",
].flatMap((row, y) => row.split(" ").map((card, x) => [card, `${x},${y}`] as [string, string]));
