import { describe, expect, it } from "vitest";
import type { GameEvent } from "../games/types";
import { createPacer, MAX_PACED_BACKLOG, paceFromStorage, PACE_MS } from "./pacer";

interface Msg { id: number; events: GameEvent[] }

const human = (id: number): Msg => ({ id, events: [{ n: id, player: 0, text: "up" }] });
const computer = (id: number): Msg => ({ id, events: [{ n: id, player: 1, text: "down" }] });
const chance = (id: number): Msg => ({ id, events: [{ n: id, player: "chance", text: "deal" }] });

/** A pacer on a hand-moved clock: `advance` runs what falls due. */
function fixture() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const shown: { id: number; at: number; computer: boolean }[] = [];
  const pacer = createPacer<Msg>((m, computerMoved) => shown.push({ id: m.id, at: now, computer: computerMoved }), {
    gapMs: 300,
    isComputer: (seat) => seat === 1,
    now: () => now,
    schedule: (run, ms) => timers.push({ at: now + ms, run }),
  });
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > end) break;
      timers.shift();
      now = due.at;
      due.run();
    }
    now = end;
  };
  return { pacer, shown, advance };
}

describe("the pacer", () => {
  it("shows a computer's reply a moment after the move it answers", () => {
    const { pacer, shown, advance } = fixture();
    pacer.push(human(1));
    advance(5);
    pacer.push(computer(2));
    expect(shown.map((s) => s.id)).toEqual([1]);
    advance(294);
    expect(shown.map((s) => s.id)).toEqual([1]);
    advance(1);
    expect(shown).toEqual([{ id: 1, at: 0, computer: false }, { id: 2, at: 300, computer: true }]);
  });

  it("keeps the order, and spaces consecutive computer moves", () => {
    const { pacer, shown, advance } = fixture();
    pacer.push(human(1));
    pacer.push(computer(2));
    pacer.push(chance(3));
    pacer.push(computer(4));
    advance(1000);
    expect(shown.map((s) => [s.id, s.at])).toEqual([[1, 0], [2, 300], [3, 300], [4, 600]]);
  });

  it("shows the first message, and people's moves, at once", () => {
    const { pacer, shown } = fixture();
    pacer.push(computer(1));
    pacer.push(human(2));
    expect(shown.map((s) => s.id)).toEqual([1, 2]);
  });

  it("catches up without pauses when many messages wait", () => {
    const { pacer, shown, advance } = fixture();
    pacer.push(human(0));
    for (let id = 1; id <= MAX_PACED_BACKLOG + 3; id++) pacer.push(computer(id));
    expect(pacer.waiting).toBe(MAX_PACED_BACKLOG);
    advance(300 * MAX_PACED_BACKLOG);
    expect(shown.length).toBe(MAX_PACED_BACKLOG + 4);
    expect(pacer.waiting).toBe(0);
  });

  it("reads the pause from storage, within bounds", () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(paceFromStorage(undefined)).toBe(PACE_MS);
    expect(paceFromStorage(storage("0"))).toBe(0);
    expect(paceFromStorage(storage("120"))).toBe(120);
    expect(paceFromStorage(storage("-5"))).toBe(PACE_MS);
    expect(paceFromStorage(storage("lots"))).toBe(PACE_MS);
    expect(paceFromStorage(storage("99999"))).toBe(PACE_MS);
  });
});
