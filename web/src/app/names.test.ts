import { describe, expect, it } from "vitest";
import { presenceNews, seatPlayer } from "./names";

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
