import { describe, expect, it } from "vitest";
import { initialHotSeat, nextHotSeat, uncover } from "./hot-seat";

describe("hot-seat", () => {
  it("starts covered on the seat to act when two seats are held here", () => {
    expect(initialHotSeat([0, 1], 1)).toEqual({ shown: 1, covered: true });
    expect(initialHotSeat([0, 2], null)).toEqual({ shown: 0, covered: true });
  });

  it("never covers a single seat", () => {
    const one = initialHotSeat([1], 0);
    expect(one).toEqual({ shown: 1, covered: false });
    expect(nextHotSeat(one, [1], 1)).toEqual(one);
  });

  it("covers when the turn passes to another seat held here, and only then", () => {
    const seat0 = uncover(initialHotSeat([0, 1, 2], 0));
    expect(seat0).toEqual({ shown: 0, covered: false });
    expect(nextHotSeat(seat0, [0, 1], 0)).toBe(seat0); // still seat 0's turn
    expect(nextHotSeat(seat0, [0, 1], 3)).toBe(seat0); // a computer's or a remote player's turn
    expect(nextHotSeat(seat0, [0, 1], null)).toBe(seat0); // chance, or the end
    expect(nextHotSeat(seat0, [0, 1], 1)).toEqual({ shown: 1, covered: true });
  });

  it("stays covered until the next player confirms", () => {
    const covered = nextHotSeat(uncover(initialHotSeat([0, 1], 0)), [0, 1], 1);
    expect(nextHotSeat(covered, [0, 1], 1)).toEqual({ shown: 1, covered: true });
    expect(uncover(covered)).toEqual({ shown: 1, covered: false });
  });
});
