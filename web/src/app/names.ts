// How the app names seats and players to people (seats are 0-based in the protocol).
import type { SeatSummary } from "../core/api";

export function seatName(seat: number): string {
  return `Player ${seat + 1}`;
}

/** Who plays a seat, as the match header tells it. */
export function seatPlayer(seat: SeatSummary, heldHere: number[]): string {
  if (seat.kind === "agent") return `computer (${seat.agent})`;
  if (heldHere.includes(seat.seat)) return heldHere.length >= 2 ? "you (hot-seat)" : "you";
  return seat.joined ? "a player" : "free — waiting for someone to join";
}

/** The actor of a log entry. */
export function actorName(player: number | "chance"): string {
  return player === "chance" ? "Chance" : seatName(player);
}
