import { describe, expect, it } from "vitest";
import type { MatchSummary, ReplayStep } from "../core/api";
import { allowedObservers, nextTurnStart, observerLabel, replayBoardState, turnLabel, turnStarts }
  from "./replay-page";

const summary = (status: "playing" | "finished"): MatchSummary => ({
  match: "m1", game: "g", options: {}, public: true, version: 9, to_act: null, status,
  seats: [{ seat: 0, kind: "human", joined: true }, { seat: 1, kind: "agent", agent: "random", joined: true }],
});

describe("the replay page", () => {
  it("offers every observer once finished, and only this browser's seats during play", () => {
    expect(allowedObservers(summary("finished"), [])).toEqual(["omniscient", "spectator", 0, 1]);
    expect(allowedObservers(summary("playing"), [0])).toEqual([0, "spectator"]);
    expect(allowedObservers(summary("playing"), [])).toEqual(["spectator"]);
  });

  it("names the seats it is seen by as the game does", () => {
    expect(observerLabel(1, ["Green", "Purple"])).toBe("Purple");
    expect(observerLabel(1)).toBe("Player 2");
    expect(observerLabel("omniscient", ["Green", "Purple"])).toBe("Everything (omniscient)");
  });

  it("counts turns after the set-up: the deal is set-up, not turn 1", () => {
    // 26 set-up steps (a deal), then turns starting at 26, 30 and 33 of a 35-step match
    const starts = [0, 26, 30, 33, 35];
    expect(turnLabel(starts, 26, 0, 35)).toBe("set-up");
    expect(turnLabel(starts, 26, 25, 35)).toBe("set-up");
    expect(turnLabel(starts, 26, 26, 35)).toBe("turn 1 of 3");
    expect(turnLabel(starts, 26, 31, 35)).toBe("turn 2 of 3");
    expect(turnLabel(starts, 26, 35, 35)).toBe("turn 3 of 3");
    // no set-up: the first action starts turn 1
    expect(turnLabel([0, 2, 4], 0, 0, 4)).toBe("turn 1 of 2");
  });

  it("draws a step read-only", () => {
    const step: ReplayStep = { match: "m1", game: "g", options: { a: 1 }, step: 4, steps: 9, seat: null,
      observer: "omniscient", to_act: null, status: "finished", view: { x: 1 }, events: [], returns: [1, -1] };
    expect(replayBoardState(step, 2)).toEqual({ game: "g", options: { a: 1 }, seat: null, numSeats: 2,
      view: { x: 1 }, legal: [], toAct: -4, status: "finished", version: 4, events: [], interactive: false,
      returns: [1, -1] });
  });

  it("steps by turn: the deal is one, chance joins the mover's turn", () => {
    const p = (player: number | "chance") => ({ player });
    const log = [p("chance"), p("chance"), p("chance"), p(0), p(0), p("chance"), p(1), p(0)];
    const starts = turnStarts(log);
    expect(starts).toEqual([0, 3, 6, 7, 8]);
    expect(nextTurnStart(starts, 0, 1)).toBe(3);
    expect(nextTurnStart(starts, 4, 1)).toBe(6);
    expect(nextTurnStart(starts, 8, 1)).toBe(8);
    expect(nextTurnStart(starts, 4, -1)).toBe(3);
    expect(nextTurnStart(starts, 3, -1)).toBe(0);
    expect(turnStarts([])).toEqual([0]);
  });
});
