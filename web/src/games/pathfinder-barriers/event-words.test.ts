// The event log in words: real event texts from captured positions → the words the log shows.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { createEventLog, runDescriber } from "../../app/event-log";
import { describeEvent, foldEvents } from "./event-words";
import { pathfinderBarriersUI } from "./index";
import middle from "./fixtures/play-middle.json";
import reenter from "./fixtures/play-reenter.json";
import over from "./fixtures/over.json";
import setupSouth from "./fixtures/setup-south.json";

const at = (state: BoardState, text: string, player: number, nth = 0): GameEvent =>
  state.events.filter((e) => e.text === text && e.player === player)[nth];
const words = (state: BoardState, text: string, player: number, nth = 0) =>
  describeEvent(at(state, text, player, nth), state);

describe("Pathfinder events in words", () => {
  const play = middle as BoardState;

  it("tells the set-up", () => {
    expect(words(play, "pawn D-5", 0)).toBe("placed the pawn on D-5");
    expect(words(play, "bar A-2|B-2", 0)).toBe("put a chip between A-2 and B-2");
    expect(words(play, "bar |A-1", 0)).toBe("put a chip on the entry to A-1");
    expect(words(play, "done", 0)).toBe("finished the set-up");
    // what the other seat is told of a set-up is already words: shown as it is
    const south = setupSouth as BoardState;
    expect(describeEvent(at(south, "North places a chip", 0), south)).toBeNull();
  });

  it("tells each question with its answer, read from what followed", () => {
    expect(words(play, "C-1>D-1", 0, 0)).toMatch(/^(moved from C-1 to D-1|asked to move from C-1 to D-1: blocked)$/);
    // the last four questions: three "Yes" (the seeker asked on), the latest "Yes" from view.last
    expect(words(play, "D-1>E-1", 0, play.events.filter((e) => e.text === "D-1>E-1" && e.player === 0).length - 1))
      .toBe("moved from D-1 to E-1");
    expect(words(play, "F-1>F-2", 0)).toBe("moved from F-1 to F-2");
    expect(words(play, "C-1>C-2", 0)).toBe("asked to move from C-1 to C-2: blocked"); // South moved next
    expect(words(play, "enter D-1", 1)).toBe("entered at D-1");
    const re = reenter as BoardState;
    expect(re.events[re.events.length - 1].text).toBe("A-2>B-2");
    expect(describeEvent(re.events[re.events.length - 1], re)).toBe("asked to move from A-2 to B-2: blocked");
    expect(describeEvent({ n: 999, player: 0, text: "enter B-1" }, play)).toBe("asked to enter at B-1");
  });

  it("tells an exit by the seeker's next question", () => {
    const re = reenter as BoardState;
    const exit = re.events.find((e) => e.text === "exit" && e.player === 0)!;
    const next = re.events.find((e) => e.n > exit.n && e.player === 0);
    const expected = next === undefined ? "asked to leave the grid" : next.text.startsWith("enter")
      ? "left the grid" : "asked to leave the grid: blocked";
    expect(describeEvent(exit, re)).toBe(expected);
    const log: GameEvent[] = [
      { n: 0, player: 0, text: "exit" }, { n: 1, player: 1, text: "enter A-1" }, { n: 2, player: 0, text: "enter C-1" },
      { n: 3, player: 0, text: "exit" }, { n: 4, player: 1, text: "A-1>A-2" }, { n: 5, player: 0, text: "C-1>C-2" },
    ];
    const state = { ...play, events: log } as BoardState;
    expect(describeEvent(log[0], state)).toBe("left the grid");
    expect(describeEvent(log[3], state)).toBe("asked to leave the grid: blocked");
  });

  it("tells the winning question", () => {
    const end = over as BoardState;
    expect(describeEvent(end.events[end.events.length - 1], end)).toBe("moved from D-4 to D-5 and found the pawn");
  });

  it("tells the first-player draw, and answers null for a text it does not know", () => {
    expect(describeEvent({ n: 60, player: "chance", text: "first North" }, play)).toBe("North moves first");
    expect(describeEvent({ n: 60, player: "chance", text: "first south" }, play)).toBe("South moves first");
    expect(describeEvent({ n: 1, player: 0, text: "fly to F-6" }, play)).toBeNull();
    expect(describeEvent({ n: 1, player: 0, text: "A-1>C-3" }, play)).toBeNull();
  });

  it("is the game's describeEvent", () => {
    expect(pathfinderBarriersUI.describeEvent?.(at(play, "pawn D-5", 0), play)).toBe("placed the pawn on D-5");
  });
});

describe("Pathfinder set-up runs in words", () => {
  it("tells a home grid's chips folded in the log as one sentence", () => {
    const game = over as BoardState;
    const chips = game.events.filter((e) => e.player === 0 && e.text.startsWith("bar "));
    expect(chips.length).toBeGreaterThanOrEqual(4);
    expect(foldEvents(chips, game)).toBe(`put ${chips.length} chips on the home grid`);
    expect(foldEvents([...chips, at(game, "pawn D-5", 0)], game)).toBeNull();
    const south = setupSouth as BoardState;
    const told = south.events.filter((e) => e.text === "North places a chip");
    expect(foldEvents(told, south)).toBe(`put ${told.length} chips on the home grid`);
    const log = createEventLog();
    const setup = game.events.slice(0, chips.length + 2).map((e) => ({ ...e, setup: true }));
    log.show(setup, null, undefined, ["North", "South"], undefined, runDescriber(pathfinderBarriersUI, game));
    expect(log.el.querySelector(".event-list > li summary")?.textContent)
      .toBe(`North put ${chips.length} chips on the home grid`);
    expect(log.el.querySelector(".turn-heading")?.textContent).toBe("Set-up · North");
  });
});
