// The event log's turns: its lines grouped by who was playing, so a long log reads turn by turn
// ("Turn 12 · Purple") instead of as one list of a thousand entries.
import type { GameEvent } from "../games/types";
import { actorName, type SeatNames } from "./names";

/** Whose turn a group is: a seat, or chance before any seat has played (the deal). */
export type TurnOwner = number | "chance";

/** A run of log lines in one turn; `setup` groups open the log before play and have no number. */
export interface TurnGroup {
  from: number; // index of its first line
  count: number; // how many lines
  owner: TurnOwner;
  setup: boolean;
  turn: number; // 1-based among the play turns; 0 for a set-up group
}

/** What grouping needs of a line: its events, all by one actor (a folded run has several). */
export interface GroupedLine {
  events: GameEvent[];
}

/** Whether a line's events were played during the set-up (the server marks them `setup`). */
export function isSetup(line: GroupedLine): boolean {
  return line.events[0].setup === true;
}

/**
 * The turns of `lines`. The game's phase tells the set-up apart (each set-up event is marked
 * `setup`): its lines open the log in groups by actor ("Set-up", "Set-up · North"), chance on its
 * own. In play a seat's turn runs until another seat acts, and chance belongs to the turn it
 * happens in (a die rolled for the mover, a card drawn), as the replay page counts turns. Turns
 * are numbered from the first action after the set-up; a game set up again later (a match's next
 * game) goes on counting. A group's boundaries and kind depend only on the lines up to its end,
 * so appending lines never changes an earlier group (only the last one grows).
 */
export function turnGroups(lines: readonly GroupedLine[]): TurnGroup[] {
  const groups: TurnGroup[] = [];
  let turn = 0;
  lines.forEach((line, i) => {
    const actor = line.events[0].player;
    const setup = isSetup(line);
    const last = groups.at(-1);
    const joins = last && last.setup === setup &&
      (actor === last.owner || (actor === "chance" && !setup));
    if (joins) {
      last.count += 1;
    } else {
      groups.push({ from: i, count: 1, owner: actor, setup, turn: setup ? 0 : ++turn });
    }
  });
  return groups;
}

/** The group's heading: "Set-up", "Set-up · North" or "Turn 12 · Purple". */
export function turnHeading(group: TurnGroup, names?: SeatNames): string {
  if (group.setup) return group.owner === "chance" ? "Set-up" : `Set-up · ${actorName(group.owner, names)}`;
  return `Turn ${group.turn} · ${actorName(group.owner, names)}`;
}
