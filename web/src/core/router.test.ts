import { describe, expect, it } from "vitest";
import { inviteUrl, joinHref, matchHref, parseRoute, replayHref } from "./router";

describe("parseRoute", () => {
  it("reads the lobby from an empty or bare hash", () => {
    expect(parseRoute("")).toEqual({ page: "lobby" });
    expect(parseRoute("#/")).toEqual({ page: "lobby" });
  });

  it("reads join and match pages", () => {
    expect(parseRoute("#/join/abc123")).toEqual({ page: "join", match: "abc123" });
    expect(parseRoute("#/match/abc123")).toEqual({ page: "match", match: "abc123", spectate: false });
    expect(parseRoute("#/match/abc123?spectate")).toEqual({ page: "match", match: "abc123", spectate: true });
  });

  it("takes a seat and its token only together", () => {
    expect(parseRoute("#/match/m1?seat=1&token=deadbeef")).toEqual(
      { page: "match", match: "m1", seat: 1, token: "deadbeef", spectate: false });
    expect(parseRoute("#/match/m1?seat=1")).toEqual({ page: "match", match: "m1", spectate: false });
    expect(parseRoute("#/match/m1?seat=x&token=t")).toEqual({ page: "match", match: "m1", spectate: false });
  });

  it("reads the replay observer", () => {
    expect(parseRoute("#/replay/m1?seat=omniscient")).toEqual({ page: "replay", match: "m1", observer: "omniscient" });
    expect(parseRoute("#/replay/m1?seat=spectator")).toEqual({ page: "replay", match: "m1", observer: "spectator" });
    expect(parseRoute("#/replay/m1?seat=2")).toEqual({ page: "replay", match: "m1", observer: 2 });
    expect(parseRoute("#/replay/m1")).toEqual({ page: "replay", match: "m1" });
    expect(parseRoute("#/replay/m1?seat=0&step=12")).toEqual({ page: "replay", match: "m1", observer: 0, step: 12 });
  });

  it("names unknown pages", () => {
    expect(parseRoute("#/nowhere/at/all")).toEqual({ page: "not-found", hash: "#/nowhere/at/all" });
  });

  it("round-trips the links it builds", () => {
    expect(parseRoute(matchHref("m 1"))).toEqual({ page: "match", match: "m 1", spectate: false });
    expect(parseRoute(joinHref("m1"))).toEqual({ page: "join", match: "m1" });
    expect(parseRoute(replayHref("m1", 3))).toEqual({ page: "replay", match: "m1", observer: 3 });
    expect(parseRoute(replayHref("m1", "omniscient", 7))).toEqual(
      { page: "replay", match: "m1", observer: "omniscient", step: 7 });
    expect(inviteUrl("m1", { origin: "http://127.0.0.1:8080", pathname: "/" }))
      .toBe("http://127.0.0.1:8080/#/join/m1");
  });
});
