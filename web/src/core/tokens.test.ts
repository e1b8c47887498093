import { beforeEach, describe, expect, it } from "vitest";
import { TokenStore } from "./tokens";

describe("TokenStore", () => {
  beforeEach(() => window.localStorage.clear());

  it("keeps each seat's token per match", () => {
    const store = new TokenStore();
    store.save("m1", 1, "t1");
    store.save("m1", 0, "t0");
    store.save("m2", 0, "u0");
    expect(store.seats("m1")).toEqual([{ seat: 0, token: "t0" }, { seat: 1, token: "t1" }]);
    expect(store.token("m2", 0)).toBe("u0");
    expect(store.token("m2", 1)).toBeUndefined();
    expect(new TokenStore().seats("m1")).toHaveLength(2); // it is in storage, not in memory
  });

  it("survives damaged storage", () => {
    window.localStorage.setItem("mazeworks.tokens", "{not json");
    window.localStorage.setItem("mazeworks.recent", '"a string"');
    const store = new TokenStore();
    expect(store.seats("m1")).toEqual([]);
    expect(store.recent()).toEqual([]);
    store.save("m1", 0, "t");
    expect(store.seats("m1")).toEqual([{ seat: 0, token: "t" }]);
  });

  it("lists recent matches newest first, merging seats", () => {
    const store = new TokenStore();
    store.remember("m1", "treasure-hunt", [0], new Date("2026-01-01T10:00:00Z"));
    store.remember("m2", "mazemakers", [1], new Date("2026-01-01T11:00:00Z"));
    store.remember("m1", "treasure-hunt", [1], new Date("2026-01-01T12:00:00Z"));
    expect(store.recent()).toEqual([
      { match: "m1", game: "treasure-hunt", seats: [0, 1], at: "2026-01-01T12:00:00.000Z" },
      { match: "m2", game: "mazemakers", seats: [1], at: "2026-01-01T11:00:00.000Z" },
    ]);
  });
});
