// Every game names the end in its own terms: winner, score and reason (final views as the server
// sends them, trimmed to what the lines read).
import { describe, expect, it } from "vitest";
import type { BoardState } from "./types";
import { resultLine as treasureHunt } from "./treasure-hunt/result";
import { resultLine as barriers } from "./pathfinder-barriers/result";
import { resultLine as cards } from "./pathfinder-cards/result";
import { resultLine as mazemakers } from "./mazemakers/result";
import { resultLine as jokers } from "./jokers-labyrinth/result";

const ended = (view: unknown, options: Record<string, unknown> = {}) =>
  ({ view, options, status: "finished" }) as unknown as BoardState;

describe("result lines", () => {
  it("Treasure Hunt: the winner's points first, or a draw, and why it ended", () => {
    const view = { seats: ["Green", "Purple"], phase: "over", scores: [43, 48], winner: 1 };
    expect(treasureHunt(ended(view))).toBe("Purple wins 48–43 points: the King of Diamonds was scored.");
    expect(treasureHunt(ended({ ...view, scores: [20, 20], winner: -1 }, { turnLimit: 30 })))
      .toBe("A draw, 20–20 points: the turn limit of 30 was reached.");
    expect(treasureHunt(ended({ ...view, deck: "specialized", target_score: 50, scores: [51, 40], winner: 0 })))
      .toBe("Green wins 51–40 points: the target of 50 points was reached.");
    expect(treasureHunt(ended({ ...view, phase: "play" }))).toBeNull();
  });

  it("the barrier game: who found whose pawn, in how many turns each", () => {
    const tracking = [{ turns: 11 }, { turns: 12 }];
    expect(barriers(ended({ seats: ["North", "South"], phase: "over", winner: 1, tracking })))
      .toBe("South found North's pawn in 12 turns and wins; North searched for 11 turns.");
    expect(barriers(ended({ seats: ["North", "South"], phase: "over", winner: 0, tracking: [{ turns: 1 }, { turns: 0 }] })))
      .toBe("North found South's pawn in 1 turn and wins; South searched for 0 turns.");
  });

  it("pathfinder-cards: the Runner's score, or the Maker's win and why", () => {
    const roles = { maker: "Player 2", runner: "Player 1" };
    expect(cards(ended({ phase: "over", roles, winner: "Player 1", score: 18 })))
      .toBe("Player 1 (Runner) reaches the Joker and wins, scoring 18.");
    expect(cards(ended({ phase: "over", roles, winner: "Player 2", score: 0, explorable: ["2,3"] })))
      .toBe("Player 2 (Maker) wins: the Runner lost her soul (damage picked her A♥ and no hearts could save it) "
        + "and scores 0.");
  });

  it("MazeMakers: who left the maze, with what, or why nobody won", () => {
    const p = (seat: string, alive: boolean, artifacts: number, exited = false, health = 5) =>
      ({ seat, alive, exited, artifacts, health });
    expect(mazemakers(ended({ phase: "over", winners: ["P2"], players: [p("P1", true, 2), p("P2", true, 3, true, 4)] })))
      .toBe("Player 2 wins: left the maze by START with three artifacts and 4 health.");
    expect(mazemakers(ended({ phase: "over", winners: ["P1"], players: [p("P1", true, 3, true, 5), p("P2", true, 3, true, 2)] },
      { tieBreak: "health" })))
      .toBe("Player 1 wins: left the maze by START with three artifacts and 5 health; Player 2 also got out in that "
        + "round but with less health.");
    expect(mazemakers(ended({ phase: "over", winners: ["P1", "P2"], players: [p("P1", true, 3, true), p("P2", true, 3, true)] })))
      .toBe("Player 1 and Player 2 share the win: they left the maze by START with three artifacts in the same round.");
    expect(mazemakers(ended({ phase: "over", winners: [], round_limit: 100, players: [p("P1", true, 0), p("P2", true, 2)] })))
      .toBe("Draw: the round limit of 100 was reached with nobody out (artifacts 0–2).");
    expect(mazemakers(ended({ phase: "over", winners: [], players: [p("P1", false, 1), p("P2", false, 1)] })))
      .toBe("Draw: nobody is left alive (artifacts 1–1).");
  });

  it("Joker's Labyrinth: both Jokers win; a round limit or the safeguard draws", () => {
    const players = [{ seat: "P1", jokers: 1 }, { seat: "P2", jokers: 0 }];
    expect(jokers(ended({ phase: "over", winner: 0, players: [{ seat: "P1", jokers: 2 }, players[1]] })))
      .toBe("Player 1 holds both Jokers and wins.");
    expect(jokers(ended({ phase: "over", winner: -1, players, turn: { round: 10 } }, { roundLimit: 10 })))
      .toBe("Draw: round limit 10 reached, Jokers 1–0.");
    expect(jokers(ended({ phase: "over", winner: -1, players, turn: { round: 639 } })))
      .toBe("Draw: the game ran too long and was stopped, Jokers 1–0.");
  });
});
