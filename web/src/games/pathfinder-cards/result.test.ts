import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { resultLine } from "./result";

const over = (view: Record<string, unknown>) => ({ view: { phase: "over", ...view } }) as unknown as BoardState;

describe("pathfinder-cards result line", () => {
  it("names the role beside a player's name", () => {
    const roles = { maker: "Player 1", runner: "Player 2" };
    expect(resultLine(over({ winner: "Player 2", roles, score: 9 }))).toBe(
      "Player 2 (Runner) reaches the Joker and wins, scoring 9.");
    expect(resultLine(over({ winner: "Player 1", roles, explorable: [] }))).toBe(
      "Player 1 (Maker) wins: the Runner cannot go on (no card left to explore and no heart to spend) and scores 0.");
    expect(resultLine(over({ winner: "Player 1", roles, explorable: ["3,4"] }))).toBe(
      "Player 1 (Maker) wins: the Runner lost her soul (damage picked her A♥ and no hearts could save it) and scores 0.");
  });
  it("does not repeat a role that is the seat's name", () => {
    const roles = { maker: "Maker", runner: "Runner" };
    expect(resultLine(over({ winner: "Runner", roles, score: 7 }))).toBe("Runner reaches the Joker and wins, scoring 7.");
    expect(resultLine(over({ winner: "Maker", roles }))).toMatch(/^Maker wins: the Runner cannot go on \(.*\) and scores 0\.$/);
  });
  it("says nothing before the end", () => {
    expect(resultLine({ view: { phase: "play" } } as unknown as BoardState)).toBeNull();
  });
});
