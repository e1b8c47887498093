import { describe, expect, it } from "vitest";
import { presenceNews, seatName, seatNamesOf, seatPlayer, withYou } from "./names";

describe("seat names", () => {
  it("tell a free seat, a player here, a player away and the computer apart", () => {
    const human = { seat: 1, kind: "human" as const, joined: true };
    expect(seatPlayer({ ...human, joined: false }, [0])).toBe("free — waiting for someone to join");
    expect(seatPlayer(human, [0])).toBe("a player");
    expect(seatPlayer({ ...human, connected: true }, [0])).toBe("a player");
    expect(seatPlayer({ ...human, connected: false }, [0])).toBe("a player (away)");
    expect(seatPlayer(human, [1])).toBe("you");
    expect(seatPlayer({ seat: 1, kind: "agent", agent: "random", joined: true }, [0])).toBe("computer (random)");
  });

  it("announce joins, arrivals and departures", () => {
    expect(presenceNews(1, "joined")).toBe("Player 2 joined the match.");
    expect(presenceNews(1, "connected")).toBe("Player 2 is here.");
    expect(presenceNews(0, "disconnected")).toBe("Player 1 left; the seat stays theirs if they come back.");
  });
});

describe("the game's names for its seats", () => {
  it("come from the view, P1 read as Player 1, roles added, Player n when missing", () => {
    expect(seatNamesOf({ seats: ["Green", "Purple"] }, 2)).toEqual(["Green", "Purple"]);
    expect(seatNamesOf({ seats: ["P1", "P2", "P3"] }, 3)).toEqual(["Player 1", "Player 2", "Player 3"]);
    expect(seatNamesOf({ seats: ["Player 1", "Player 2"], roles: { maker: "Player 2", runner: "Player 1" } }, 2))
      .toEqual(["Player 1 (Runner)", "Player 2 (Maker)"]);
    // Seats named by their roles (roles fixed by the options) are not told them twice.
    expect(seatNamesOf({ seats: ["Maker", "Runner"], roles: { maker: "Maker", runner: "Runner" } }, 2))
      .toEqual(["Maker", "Runner"]);
    expect(seatNamesOf(null, 2)).toEqual(["Player 1", "Player 2"]);
    expect(seatNamesOf({ seats: ["North", 7] }, 2)).toEqual(["North", "Player 2"]);
    expect(seatName(1, ["North", "South"])).toBe("South");
    expect(presenceNews(1, "joined", ["North", "South"])).toBe("South joined the match.");
  });
});

describe("the viewer's own seat", () => {
  it("is marked (you), as the header marks it; a spectator has none", () => {
    expect(withYou(["Green", "Purple"], 1)).toEqual(["Green", "Purple (you)"]);
    expect(withYou(["Player 1", "Player 2"], null)).toEqual(["Player 1", "Player 2"]);
  });
});
