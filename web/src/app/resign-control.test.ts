import { describe, expect, it } from "vitest";
import { nextResignStep, readyToFollow } from "./resign-control";
import { resignedHeadline } from "./result-banner";

describe("resigning takes two clicks", () => {
  it("asks first, then sends only on confirm", () => {
    expect(nextResignStep("idle", "resign")).toEqual({ step: "confirming", send: false });
    expect(nextResignStep("confirming", "confirm")).toEqual({ step: "idle", send: true });
  });
  it("cancel, or a confirm without the question, sends nothing", () => {
    expect(nextResignStep("confirming", "cancel")).toEqual({ step: "idle", send: false });
    expect(nextResignStep("idle", "confirm")).toEqual({ step: "idle", send: false });
  });
});

describe("following a rematch", () => {
  it("waits for a token for every seat held here", () => {
    const tokens = new Map<number, string>([[0, "t0"]]);
    expect(readyToFollow([0, 1], (s) => tokens.get(s))).toBe(false);
    tokens.set(1, "t1");
    expect(readyToFollow([0, 1], (s) => tokens.get(s))).toBe(true);
  });
  it("a spectator follows at once", () => {
    expect(readyToFollow([], () => undefined)).toBe(true);
  });
});

describe("the result of a resignation", () => {
  it("names the seat that resigned with the page's seat names", () => {
    expect(resignedHeadline(1, [1, -1], 0, ["North", "South"])).toBe("South resigned. You win!");
    expect(resignedHeadline(0, [-1, 1], 0, ["North", "South"])).toBe("North resigned. South wins.");
    expect(resignedHeadline(2, [0.5, 0.5, -1], null)).toBe("Player 3 resigned. Player 1 and Player 2 share the win.");
  });
});
