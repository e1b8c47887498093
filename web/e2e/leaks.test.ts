// The leak detector of the two-browser test must itself find a leak (a unit test: no browser).
import { describe, expect, it } from "vitest";
import type { BoardState } from "../src/games/types";
import { differingLeaves, leakedInto, secretsOf, withoutDataAttributes } from "./leaks";

function seat(view: unknown, legal: string[] = [], events: string[] = []): BoardState {
  return { game: "g", options: {}, seat: 0, numSeats: 2, view, legal, toAct: 0, status: "playing",
    version: 1, events: events.map((text, n) => ({ n, player: 0, text })), interactive: true };
}

describe("the leak detector", () => {
  const north = seat({ homes: [{ pawn: "E-5", barriers: ["B-3|B-4"] }, null], last: "A-1>A-2" });
  const south = seat({ homes: [null, { pawn: "C-2", barriers: ["D-1|D-2"] }], last: "A-1>A-2" }, ["bar F-1|F-2"]);

  it("derives what one seat sees and the other does not", () => {
    expect([...differingLeaves(north.view, south.view)]).toEqual(["E-5", "B-3|B-4"]);
    expect(secretsOf(north, south)).toEqual(["E-5", "B-3|B-4"]);
  });

  it("leaves out what the other seat knows anyway", () => {
    const knowsTheSlot = seat(south.view, ["bar B-3|B-4"]);
    expect(secretsOf(north, knowsTheSlot)).toEqual(["E-5"]);
  });

  it("finds a secret in a page, as text or in an attribute", () => {
    expect(leakedInto('<div data-slot="B-3|B-4"></div>', ["B-3|B-4", "E-5"])).toEqual(["B-3|B-4"]);
    expect(leakedInto("<p>pawn at E-5</p>", ["E-5"])).toEqual(["E-5"]);
    expect(leakedInto("<p>nothing here</p>", ["E-5"])).toEqual([]);
    expect(leakedInto('<p>a KC</p><path d="M3 7H12"/>', ["KC", "7H"])).toEqual(["KC"]);
    expect(leakedInto("<p>7KCX</p>", ["KC"])).toEqual([]);
  });

  it("ignores the positions boards name in data attributes, not labels", () => {
    const html = '<rect data-slot="D-1|D-2" aria-label="chip on D-3|D-4"></rect>';
    expect(leakedInto(withoutDataAttributes(html), ["D-1|D-2", "D-3|D-4"])).toEqual(["D-3|D-4"]);
  });
});
