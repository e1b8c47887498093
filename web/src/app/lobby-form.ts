// The lobby's "new match" form as data: the chosen game, option values, seat choices and
// visibility, and the create request it stands for. Pure, so the request body is unit-tested.
import type { CreateMatchRequest, GameInfo, GameOption } from "../core/api";
import { defaultSeats, seatRequest, type SeatChoice } from "./seat-choices";

/** The option that sets the number of players (mazemakers, jokers-labyrinth: 2–4). */
export const PLAYERS_OPTION = "players";

export interface LobbyForm {
  game: GameInfo;
  options: Record<string, boolean | number | string>;
  seats: SeatChoice[];
  /** Listed in the lobby. Follows the seats (a friend seat: listed) until the player sets it. */
  public: boolean;
  publicChosen: boolean;
}

export function newForm(game: GameInfo): LobbyForm {
  const options: LobbyForm["options"] = {};
  for (const o of game.options) options[o.name] = o.default;
  const seats = defaultSeats(playerCount(game, options));
  return { game, options, seats, public: wantsListing(seats), publicChosen: false };
}

/** A match is listed by default only when a stranger could take a seat in it: a game against
 * the computer would only fill the lobby. */
function wantsListing(seats: SeatChoice[]): boolean {
  return seats.includes("friend");
}

/** The player's own choice of listing, kept whatever the seats become. */
export function setPublic(form: LobbyForm, listed: boolean): LobbyForm {
  return { ...form, public: listed, publicChosen: true };
}

function withSeats(form: LobbyForm, seats: SeatChoice[]): LobbyForm {
  return { ...form, seats, public: form.publicChosen ? form.public : wantsListing(seats) };
}

export function playerCount(game: GameInfo, options: LobbyForm["options"]): number {
  const value = options[PLAYERS_OPTION];
  return typeof value === "number" ? value : game.min_players;
}

/** Sets an option; a new player count grows or shrinks the seat list (new seats: computer). */
export function setOption(form: LobbyForm, name: string, value: boolean | number | string): LobbyForm {
  const options = { ...form.options, [name]: value };
  const count = playerCount(form.game, options);
  const seats = form.seats.slice(0, count);
  while (seats.length < count) seats.push("medium");
  return withSeats({ ...form, options }, seats);
}

export function setSeat(form: LobbyForm, seat: number, choice: SeatChoice): LobbyForm {
  const seats = form.seats.slice();
  seats[seat] = choice;
  return withSeats(form, seats);
}

/** Reads a form control's text as the option's type; null when it is not a valid value. */
export function parseOptionValue(option: GameOption, text: string | boolean): boolean | number | string | null {
  if (option.type === "bool") return typeof text === "boolean" ? text : text === "true";
  if (option.type === "int") {
    if (typeof text !== "string" || !/^-?\d+$/.test(text.trim())) return null;
    const n = Number(text);
    if (option.min !== undefined && n < option.min) return null;
    if (option.max !== undefined && n > option.max) return null;
    return n;
  }
  return typeof text === "string" && (option.choices ?? []).includes(text) ? text : null;
}

/** The create request: only options that differ from their defaults are sent. */
export function createRequest(form: LobbyForm): CreateMatchRequest {
  const options: Record<string, unknown> = {};
  for (const o of form.game.options) {
    if (form.options[o.name] !== o.default) options[o.name] = form.options[o.name];
  }
  return {
    game: form.game.id,
    options,
    seats: form.seats.map((choice) => seatRequest(form.game, choice, playerCount(form.game, form.options))),
    public: form.public,
  };
}

/** Why the form cannot be sent yet, or null. */
export function formProblem(form: LobbyForm): string | null {
  if (!form.seats.some((c) => c === "you" || c === "hotseat" || c === "friend")) {
    return "At least one seat must be played by a person (you, hot-seat or a friend).";
  }
  const heldHere = form.seats.filter((c) => c === "you" || c === "hotseat").length;
  if (form.seats.includes("hotseat") && heldHere < 2) {
    return "Hot-seat needs two or more seats on this device.";
  }
  return null;
}
