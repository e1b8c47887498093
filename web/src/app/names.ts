// How the app names seats and players to people (seats are 0-based in the protocol).
import type { SeatSummary } from "../core/api";
import { spelledSeat } from "../games/seat-names";

/** The seats as a game names them, in seat order. */
export type SeatNames = readonly string[];

/**
 * The seat names a game's view gives (`seats`: Green/Purple, North/South; "P1" reads "Player 1"),
 * with the role after it where the view names roles (pathfinder-cards: "Player 1 (Maker)"; a seat
 * already named by its role stays "Maker").
 */
export function seatNamesOf(view: unknown, count: number): string[] {
  const v = (view ?? {}) as { seats?: unknown; roles?: unknown };
  const given = Array.isArray(v.seats) ? v.seats : [];
  const names = Array.from({ length: count }, (_, seat) => {
    const name = given[seat];
    if (typeof name !== "string" || name.trim() === "") return `Player ${seat + 1}`;
    return spelledSeat(name);
  });
  if (v.roles && typeof v.roles === "object") {
    for (const [role, holder] of Object.entries(v.roles as Record<string, unknown>)) {
      const seat = given.indexOf(holder);
      const title = `${role[0].toUpperCase()}${role.slice(1)}`;
      // A seat named by its role ("Maker") is not told its role twice.
      if (seat >= 0 && seat < count && names[seat] !== title) names[seat] += ` (${title})`;
    }
  }
  return names;
}

export function seatName(seat: number, names?: SeatNames): string {
  return names?.[seat] ?? `Player ${seat + 1}`;
}

/** The viewer's own seat marked as the header marks it: "Purple (you)"; nobody for a spectator. */
export function withYou(names: SeatNames, you: number | null | undefined): string[] {
  return names.map((name, seat) => (seat === you ? `${name} (you)` : name));
}

/** Who plays a seat, as the match header tells it. */
export function seatPlayer(seat: SeatSummary, heldHere: number[]): string {
  if (seat.kind === "agent") return `computer (${seat.agent})`;
  if (heldHere.includes(seat.seat)) return heldHere.length >= 2 ? "you (hot-seat)" : "you";
  if (!seat.joined) return "free — waiting for someone to join";
  return seat.connected === false ? "a player (away)" : "a player";
}

/** What the others are told when a seat is joined, connected or disconnected. */
export function presenceNews(seat: number, event: "joined" | "connected" | "disconnected",
  names?: SeatNames): string {
  const who = seatName(seat, names);
  if (event === "joined") return `${who} joined the match.`;
  if (event === "connected") return `${who} is here.`;
  return `${who} left; the seat stays theirs if they come back.`;
}

/** The actor of a log entry. */
export function actorName(player: number | "chance", names?: SeatNames): string {
  return player === "chance" ? "Chance" : seatName(player, names);
}
