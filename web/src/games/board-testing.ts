// Test support for the boards' unit tests (jsdom): a BoardContext whose calls are recorded, and a
// click on the element a selector names, as a player's click would reach it.
import { vi, type Mock } from "vitest";
import type { BoardContext, CheckResult, Suggestion } from "./types";

export interface FakeContext extends BoardContext {
  play: Mock<(text: string) => void>;
  check: Mock<(text: string) => Promise<CheckResult>>;
  suggest: Mock<(spec: string) => Promise<Suggestion>>;
  notify: Mock<(message: string) => void>;
}

export interface FakeAnswers {
  /** What the server says of a checked text (default: accepted). */
  check?: (text: string) => CheckResult;
  /** What a suggestion returns (default: nothing suggested). */
  suggest?: (spec: string) => Promise<Suggestion>;
}

export function fakeContext(answers: FakeAnswers = {}): FakeContext {
  const check = answers.check ?? (() => ({ ok: true }));
  return {
    play: vi.fn<(text: string) => void>(),
    check: vi.fn<(text: string) => Promise<CheckResult>>(async (text) => check(text)),
    suggest: vi.fn<(spec: string) => Promise<Suggestion>>(
      answers.suggest ?? (async () => ({ actions: [], view: null }))),
    notify: vi.fn<(message: string) => void>(),
  };
}

/** Dispatches a bubbling click on the first element under `host` that `selector` names. */
export function clickSelector(host: Element, selector: string, init: MouseEventInit = {}): void {
  const el = host.querySelector(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  el.dispatchEvent(new MouseEvent("click", { bubbles: true, ...init }));
}
