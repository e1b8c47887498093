import { beforeEach, describe, expect, it } from "vitest";
import { ApiClient, ApiError, type JoinReply, type MatchSummary } from "../core/api";
import { TokenStore } from "../core/tokens";
import { joinMatch } from "./join-page";

/** An API whose join answers `reply` (or throws it). */
function api(reply: JoinReply | ApiError): ApiClient {
  const fake = {
    join: async () => {
      if (reply instanceof ApiError) throw reply;
      return reply;
    },
    match: async () => ({ match: "m1", game: "mazemakers" }) as MatchSummary,
  };
  return fake as unknown as ApiClient;
}

describe("the invite link", () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.location.hash = "#/join/m1";
  });

  it("takes a seat, keeps its token and opens the match", async () => {
    const root = document.createElement("div");
    const tokens = new TokenStore();
    await joinMatch(root, "m1", api({ match: "m1", seat: 1, token: "t1" }), tokens);
    expect(tokens.seats("m1")).toEqual([{ seat: 1, token: "t1" }]);
    expect(tokens.recent()[0]).toMatchObject({ match: "m1", game: "mazemakers", seats: [1] });
    expect(window.location.hash).toBe("#/match/m1");
  });

  it("offers to watch when every seat is taken", async () => {
    const root = document.createElement("div");
    const tokens = new TokenStore();
    await joinMatch(root, "m1", api(new ApiError("every seat is taken", "seat_taken", 409)), tokens);
    expect(root.textContent).toContain("every seat is taken. Watch the match instead");
    expect(root.querySelector("a")!.getAttribute("href")).toBe("#/match/m1?spectate");
    expect(tokens.seats("m1")).toEqual([]);
  });
});
