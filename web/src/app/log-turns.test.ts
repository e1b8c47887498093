import { describe, expect, it } from "vitest";
import type { GameEvent } from "../games/types";
import { logLines } from "./event-log";
import { turnGroups, turnHeading } from "./log-turns";

let n = 0;
const e = (player: number | "chance", text: string): GameEvent => ({ n: n++, player, text });
/** An event of the set-up, as the server marks it. */
const s = (player: number | "chance", text: string): GameEvent => ({ ...e(player, text), setup: true });
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

  it("calls the deal and a seat's folded build the set-up, by the events' set-up mark", () => {
    const deal = Array.from({ length: 25 }, (_, i) => s("chance", `deal c${i}`));
    expect(headings([...deal, s("chance", "first Purple"), e(1, "AS-3H"), e(1, "right"), e(0, "up")],
      ["Green", "Purple"])).toEqual(["Set-up (2)", "Turn 1 · Purple (2)", "Turn 2 · Green (1)"]);
    // Pathfinder (cards): the roles drawn, the Maker's 40 cards, the Compass card, then the Runner plays.
    const maze = Array.from({ length: 40 }, (_, i) => s(0, `AD@${i},1`));
    const groups = groupsOf([s("chance", "maker P1"), ...maze, s(1, "compass 4H"), e(1, "explore 1,2"),
      e(0, "flip 1,1")]);
    expect(groups.map((g) => turnHeading(g))).toEqual(
      ["Set-up", "Set-up · Player 1", "Set-up · Player 2", "Turn 1 · Player 2", "Turn 2 · Player 1"]);
    expect(groups.map((g) => [g.from, g.count])).toEqual([[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]);
  });

  it("tells a set-up step that does not fold as set-up, and numbers turns from the first play", () => {
    // The Joker's Labyrinth: the first player drawn, each Jack chosen and placed, then play.
    const log = [s("chance", "first P2"), s(1, "jack H"), s(0, "jack S"), s(1, "spot a0"), s(0, "spot h7"),
      e(1, "reveal down"), e("chance", "card 9C"), e(1, "end"), e(0, "move up")];
    expect(headings(log)).toEqual(["Set-up (1)", "Set-up · Player 2 (1)", "Set-up · Player 1 (1)",
      "Set-up · Player 2 (1)", "Set-up · Player 1 (1)", "Turn 1 · Player 2 (3)", "Turn 2 · Player 1 (1)"]);
    // MazeMakers: the last control coin is the first player's, and so is the first turn; the
    // coins laid by chance in between are the set-up's own.
    const coins = Array.from({ length: 9 }, (_, i) => s("chance", `coin@a${i + 1}`));
    expect(headings([s(1, "coin W"), s(0, "coin F"), ...coins, s("chance", "shuffle 3"), e(0, "pass"),
      e(0, "h10"), e(1, "pass")])).toEqual(["Set-up · Player 2 (1)", "Set-up · Player 1 (1)", "Set-up (2)",
      "Turn 1 · Player 1 (2)", "Turn 2 · Player 2 (1)"]);
  });

  it("numbers a folded run after play has begun as a turn", () => {
    const dice = Array.from({ length: 6 }, () => e("chance", "die 3"));
    const walls = Array.from({ length: 5 }, (_, i) => e(0, `bar A-${i}|B-${i}`));
    expect(headings([s(0, "jack H"), e(1, "fight left"), ...dice, ...walls])).toEqual(
      ["Set-up · Player 1 (1)", "Turn 1 · Player 2 (2)", "Turn 2 · Player 1 (1)"]);
  });

  it("tells a set-up again later (a match's next game) and goes on counting the turns", () => {
    const log = [s(0, "maze"), e(1, "explore 1,1"), e(0, "pass"), s(1, "maze"), e(0, "explore 2,2")];
    expect(headings(log)).toEqual(["Set-up · Player 1 (1)", "Turn 1 · Player 2 (1)", "Turn 2 · Player 1 (1)",
      "Set-up · Player 2 (1)", "Turn 3 · Player 1 (1)"]);
  });

  it("never changes an earlier turn when lines are appended", () => {
    const log = [s("chance", "deal a"), s(0, "jack H"), s(1, "jack S"),
      ...Array.from({ length: 30 }, (_, i) => e(i % 3 === 0 ? 1 : 0, `m${i}`))];
    for (let k = 1; k < log.length; ++k) {
      const before = groupsOf(log.slice(0, k));
      const after = groupsOf(log.slice(0, k + 1));
      expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
      expect(after[before.length - 1].from).toBe(before.at(-1)!.from);
      expect(after[before.length - 1].setup).toBe(before.at(-1)!.setup);
      expect(after[before.length - 1].turn).toBe(before.at(-1)!.turn);
    }
  });

  it("has no turns for an empty log", () => {
    expect(turnGroups([])).toEqual([]);
  });
});
