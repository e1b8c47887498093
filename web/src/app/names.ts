// How the app names seats and players to people (seats are 0-based in the protocol).
import type { SeatSummary } from "../core/api";

export function seatName(seat: number): string {
  return `Player ${seat + 1}`;
}

/** Who plays a seat, as the match header tells it. */
export function seatPlayer(seat: SeatSummary, heldHere: number[]): string {
  if (seat.kind === "agent") return `computer (${seat.agent})`;
  if (heldHere.includes(seat.seat)) return heldHere.length >= 2 ? "you (hot-seat)" : "you";
  if (!seat.joined) return "free — waiting for someone to join";
  return seat.connected === false ? "a player (away)" : "a player";
}

/** What the others are told when a seat is joined, connected or disconnected. */
export function presenceNews(seat: number, event: "joined" | "connected" | "disconnected"): string {
  const who = seatName(seat);
  if (event === "joined") return `${who} joined the match.`;
  if (event === "connected") return `${who} is here.`;
  return `${who} left; the seat stays theirs if they come back.`;
}

/** The actor of a log entry. */
export function actorName(player: number | "chance"): string {
  return player === "chance" ? "Chance" : seatName(player);
}
