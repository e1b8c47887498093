import { describe, expect, it } from "vitest";
import type { GameEvent } from "../games/types";
import { logLines } from "./event-log";
import { turnGroups, turnHeading } from "./log-turns";

let n = 0;
const e = (player: number | "chance", text: string): GameEvent => ({ n: n++, player, text });
const groupsOf = (events: GameEvent[]) => turnGroups(logLines(events, () => null));
const headings = (events: GameEvent[], names?: string[]) =>
  groupsOf(events).map((g) => `${turnHeading(g, names)} (${g.count})`);

describe("the log's turns", () => {
  it("groups a seat's moves, with the chance they cause, into one numbered turn", () => {
    const log = [e(0, "reveal left"), e("chance", "card 7S"), e(0, "end"), e(1, "move up"),
      e("chance", "die 6"), e(1, "end"), e(0, "move down")];
    expect(headings(log, ["Green", "Purple"])).toEqual(
      ["Turn 1 · Green (3)", "Turn 2 · Purple (3)", "Turn 3 · Green (1)"]);
  });

  it("calls the deal and a seat's folded build before play the set-up", () => {
    const deal = Array.from({ length: 25 }, (_, i) => e("chance", `deal c${i}`));
    expect(headings([...deal, e("chance", "first Purple"), e(1, "AS-3H"), e(1, "right"), e(0, "up")],
      ["Green", "Purple"])).toEqual(["Set-up (2)", "Turn 1 · Purple (2)", "Turn 2 · Green (1)"]);
    // Pathfinder (cards): the roles drawn, the Maker's 40 cards, then the Runner plays.
    const maze = Array.from({ length: 40 }, (_, i) => e(0, `AD@${i},1`));
    const groups = groupsOf([e("chance", "maker P1"), ...maze, e(1, "compass 4H"), e(0, "flip 1,1")]);
    expect(groups.map((g) => turnHeading(g))).toEqual(
      ["Set-up", "Set-up · Player 1", "Turn 1 · Player 2", "Turn 2 · Player 1"]);
    expect(groups.map((g) => [g.from, g.count])).toEqual([[0, 1], [1, 1], [2, 1], [3, 1]]);
  });

  it("numbers a turn with a phrase in it (an Advisor question on the Runner's first turn)", () => {
    const maze = Array.from({ length: 40 }, (_, i) => e(0, `AD@${i},1`));
    const events = [e("chance", "maker P1"), ...maze, e(1, "compass 4H"), e(1, "advisor"),
      e(1, "q joker_in"), e(1, "q row"), e(1, "q 2"), e(0, "pass")];
    const phrase = { from: 43, count: 3, words: "asked the Advisor: “Is the Joker in row 2?”" };
    const groups = turnGroups(logLines(events, () => null, [phrase]));
    expect(groups.map((g) => `${turnHeading(g)} (${g.count})`)).toEqual(
      ["Set-up (1)", "Set-up · Player 1 (1)", "Turn 1 · Player 2 (3)", "Turn 2 · Player 1 (1)"]);
  });

  it("numbers a folded run after play has begun as a turn", () => {
    const dice = Array.from({ length: 6 }, () => e("chance", "die 3"));
    const walls = Array.from({ length: 5 }, (_, i) => e(0, `bar A-${i}|B-${i}`));
    expect(headings([e(0, "jack H"), e(1, "fight left"), ...dice, ...walls])).toEqual(
      ["Turn 1 · Player 1 (1)", "Turn 2 · Player 2 (2)", "Turn 3 · Player 1 (1)"]);
  });

  it("never changes an earlier turn when lines are appended", () => {
    const log = [e("chance", "deal a"), ...Array.from({ length: 30 }, (_, i) => e(i % 3 === 0 ? 1 : 0, `m${i}`))];
    for (let k = 1; k < log.length; ++k) {
      const before = groupsOf(log.slice(0, k));
      const after = groupsOf(log.slice(0, k + 1));
      expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
      expect(after[before.length - 1].from).toBe(before.at(-1)!.from);
    }
  });

  it("has no turns for an empty log", () => {
    expect(turnGroups([])).toEqual([]);
  });
});
