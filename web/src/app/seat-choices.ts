// Who plays a seat, as the lobby offers it, and what each choice means for the server: a human
// seat (held here, held here in hot-seat, or left for a friend) or a computer player whose
// strength maps to an agent spec from the game's catalogue entry.
import type { GameInfo, SeatRequest } from "../core/api";

export type SeatChoice = "you" | "hotseat" | "friend" | "easy" | "medium" | "strong";

export const SEAT_CHOICE_LABELS: Record<SeatChoice, string> = {
  you: "You",
  hotseat: "Hot-seat (this device)",
  friend: "A friend (invite link)",
  easy: "Computer — easy",
  medium: "Computer — medium",
  strong: "Computer — strong",
};

/**
 * Agents that work for every game (src/ai/agents.cpp `generic_agents`). The catalogue lists them
 * first and does not mark them, so "medium" skips these to find the game's own player.
 */
const GENERIC_AGENTS = new Set(["random", "ismcts", "pimc", "mcts", "alphabeta", "maker"]);

/** The agent spec of a computer strength for this game with this many players. */
export function agentFor(game: GameInfo, strength: "easy" | "medium" | "strong", players?: number): string {
  if (strength === "easy") return "random";
  const strongest = (players !== undefined && game.strongest_agent_by_players?.[String(players)]) || game.strongest_agent;
  if (strength === "strong") return strongest;
  return game.agents.find((a) => !GENERIC_AGENTS.has(a)) ?? strongest;
}

export function isComputer(choice: SeatChoice): choice is "easy" | "medium" | "strong" {
  return choice === "easy" || choice === "medium" || choice === "strong";
}

/** Human seats this browser takes right after creating the match. */
export function isHeldHere(choice: SeatChoice): boolean {
  return choice === "you" || choice === "hotseat";
}

export function seatRequest(game: GameInfo, choice: SeatChoice, players?: number): SeatRequest {
  return isComputer(choice) ? { agent: agentFor(game, choice, players) } : "human";
}

/**
 * A label that names the agent a computer strength stands for, e.g. "Computer — strong (maker)";
 * the spec's parameters (budgets, policies) are left out: they mean nothing to a player.
 */
export function choiceLabel(game: GameInfo, choice: SeatChoice, players?: number): string {
  const label = SEAT_CHOICE_LABELS[choice];
  return isComputer(choice) ? `${label} (${agentFor(game, choice, players).split(":")[0]})` : label;
}

/** The default seat list: you in seat 0, the computer (medium) everywhere else. */
export function defaultSeats(count: number): SeatChoice[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? "you" : "medium"));
}
