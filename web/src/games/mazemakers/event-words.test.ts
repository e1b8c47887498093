// The event log in words: real event texts from captured positions → the words the log shows.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { createEventLog, runDescriber } from "../../app/event-log";
import { describeEvent, foldEvents } from "./event-words";
import { mazemakersUI } from "./index";
import move from "./fixtures/pento2-move.json";
import block from "./fixtures/pento2-block.json";
import suit from "./fixtures/pento2-suit.json";
import pento4 from "./fixtures/pento4-move.json";
import tiles from "./fixtures/tiles2-move.json";

const byN = (state: BoardState, n: number): GameEvent => {
  const e = state.events.find((x) => x.n === n);
  if (!e) throw new Error(`no event ${n}`);
  return e;
};
const words = (state: BoardState, n: number) => describeEvent(byN(state, n), state);

describe("MazeMakers events in words", () => {
  const m = move as BoardState;
  const b = block as BoardState;
  const t = tiles as BoardState;

  it("tells the chance events", () => {
    const s = suit as BoardState;
    expect(byN(s, 0).text).toBe("first P1");
    expect(words(s, 0)).toBe("Player 1 moves first");
    expect(byN(b, 3).text).toBe("extra arms");
    expect(words(b, 3)).toBe("Arms drawn as the extra suit");
    expect(byN(m, 15).text).toBe("coin@d9");
    expect(words(m, 15)).toBe("a number-up coin goes on d9");
    expect(byN(m, 41).text).toBe("roll 4");
    // the die that resolved a combat carries it (the server's outcome) and tells the whole fight
    const resolved = { ...byN(m, 41), outcome: { combat: m.view.lastCombat } };
    expect(describeEvent(resolved, { ...m, events: m.events.map((e) => (e.n === 41 ? resolved : e)) })).toBe(
      "the combat die rolls 4: Player 2 (die 4 + 0 = 4) beat the 3 monster on h5: the monster stays on its square.");
    expect(words(m, 41)).toBe("the combat die rolls 4 for Player 2 against the monster on h5");
    // what nobody sees is already told in words: shown as it is
    expect(byN(m, 24).text).toBe("the suits of the 2-coins are dealt face down");
    expect(words(m, 24)).toBeNull();
  });

  it("tells the set-up and the turns", () => {
    expect(byN(b, 2).text).toBe("suns");
    expect(words(b, 2)).toBe("chose Suns");
    expect(byN(m, 9).text).toBe("F1@a5");
    expect(words(m, 9)).toBe("put wall F at a5 (orientation 1)"); // the log shown starts later
    expect(byN(m, 30).text).toBe("W2@e8");
    expect(words(m, 30)).toBe("moved wall W to e8 (orientation 2)"); // after the coins are laid
    expect(byN(m, 13).text).toBe("coin W");
    expect(words(m, 13)).toBe("put control coins on wall W");
    expect(byN(m, 28).text).toBe("i8");
    expect(words(m, 28)).toBe("stepped to i8");
    expect(words(m, 29)).toBe("ended the move");
    const p4 = pento4 as BoardState;
    expect(byN(p4, 40).text).toBe("allow");
    expect(words(p4, 40)).toBe("let them pass");
    expect(byN(p4, 42).text).toBe("start");
    expect(words(p4, 42)).toBe("stepped onto START");
  });

  it("places walls in a log that starts at the beginning", () => {
    const log: GameEvent[] = [
      { n: 0, player: "chance", text: "first P2" }, { n: 1, player: 1, text: "moons" },
      { n: 2, player: 1, text: "F1@g7" }, { n: 3, player: 0, text: "W1@a4" },
      { n: 4, player: "chance", text: "coin@d3" }, { n: 5, player: 1, text: "F2@a1" },
    ];
    const state = { ...b, events: log } as BoardState;
    expect(describeEvent(log[0], state)).toBe("Player 2 moves first");
    expect(describeEvent(log[2], state)).toBe("placed wall F at g7 (orientation 1)");
    expect(describeEvent(log[5], state)).toBe("moved wall F to a1 (orientation 2)");
  });

  it("tells the No-Pentominos board's moves", () => {
    expect(byN(t, 13).text).toBe("tile m3>c5");
    expect(words(t, 13)).toBe("moved the tile at m3 to c5");
    expect(byN(t, 16).text).toBe("coin i3");
    expect(words(t, 16)).toBe("put control coins into the hole at i3");
    expect(describeEvent({ n: 50, player: 0, text: "fill m3 e15" }, t)).toBe("filled the hole at m3 with the tile at e15");
    expect(describeEvent({ n: 50, player: 0, text: "pass" }, t)).toBe("took no wall action");
  });

  it("answers null for a text it does not know", () => {
    expect(describeEvent({ n: 1, player: 0, text: "dance" }, m)).toBeNull();
    expect(describeEvent({ n: 1, player: 0, text: "" }, m)).toBeNull();
    expect(mazemakersUI.describeEvent?.({ n: 1, player: 0, text: "Q9@z99" }, m)).toBeNull();
  });
});

describe("MazeMakers set-up runs in words", () => {
  it("tells the number-up coins laid out folded in the log as one sentence", () => {
    const m = move as BoardState;
    const coins = m.events.filter((e) => e.player === "chance" && e.text.startsWith("coin@"));
    expect(coins.length).toBeGreaterThanOrEqual(4);
    expect(foldEvents(coins, m)).toBe(`${coins.length} number-up coins go on the board, values only (their suits come next)`);
    expect(foldEvents([...coins, byN(m, 24)], m)).toBeNull();
    const log = createEventLog();
    const setup = m.events.filter((e) => e.n < 27).map((e) => ({ ...e, setup: true }));
    log.show(setup, 0, undefined, undefined, undefined, runDescriber(mazemakersUI, m));
    expect(log.el.querySelector(".event-list > li > details > summary")?.textContent)
      .toBe(`${coins.length} number-up coins go on the board, values only (their suits come next)`);
  });
});
