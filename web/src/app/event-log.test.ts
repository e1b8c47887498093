import { describe, expect, it } from "vitest";
import type { GameEvent } from "../games/types";
import { createEventLog, highlightStart, MAX_HIGHLIGHTED } from "./event-log";
import { resultHeadline } from "./result-banner";

const ev = (n: number, player: number | "chance"): GameEvent => ({ n, player, text: `e${n}` });

describe("the event log", () => {
  it("highlights what happened since the observer's last move", () => {
    const log = [ev(0, "chance"), ev(1, 0), ev(2, 1), ev(3, "chance")];
    expect(highlightStart(log, 0)).toBe(2);
    expect(highlightStart(log, 1)).toBe(3);
    expect(highlightStart(log, null)).toBe(3);
    expect(highlightStart([ev(0, 1), ev(1, 0), ev(2, 0)], 0)).toBe(1); // its own last run
    expect(highlightStart([], 0)).toBe(0);
    const longRun = Array.from({ length: 20 }, (_, i) => ev(i, 1));
    expect(highlightStart(longRun, 1)).toBe(20 - MAX_HIGHLIGHTED);
  });

  it("lists events in words, newest last, the recent ones marked", () => {
    const log = createEventLog();
    log.show([ev(0, "chance"), ev(1, 0), ev(2, 1)], 0);
    const items = [...log.el.querySelectorAll("li")];
    expect(items.map((li) => li.textContent)).toEqual(["Chance e0", "Player 1 e1", "Player 2 e2"]);
    expect(items.map((li) => li.classList.contains("recent"))).toEqual([false, false, true]);
    expect(log.el.querySelector("[aria-live]")).not.toBeNull();
  });

  it("names the winner", () => {
    expect(resultHeadline([1, -1], 0)).toBe("You win!");
    expect(resultHeadline([1, -1], 1)).toBe("Player 1 wins.");
    expect(resultHeadline([0, 0], 1)).toBe("A draw.");
    expect(resultHeadline([2, 2, 0], null)).toBe("Player 1 and Player 2 share the win.");
  });
});
