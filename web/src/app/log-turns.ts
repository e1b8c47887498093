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

/**
 * What grouping needs of a line: its events, all by one actor (a folded run has several), and
 * whether they are one move told in parts (a phrase: an Advisor question's words), not a run.
 */
export interface GroupedLine {
  events: GameEvent[];
  phrase?: unknown;
}

/**
 * The turns of `lines`. A seat's turn runs until another seat acts; chance belongs to the turn it
 * happens in (a die rolled for the mover, a card drawn), as the replay page counts turns, and
 * chance before anyone has played (the deal) is a group of its own. The log opens with set-up
 * groups: chance before play, and a seat's run that folds (a maze's 40 cards, a home grid's
 * chips), which no play turn does before it; the first group that is neither starts Turn 1.
 * A group's boundaries and kind depend only on the lines up to its end, so appending lines never
 * changes an earlier group (only the last one grows, or becomes set-up when its run folds).
 */
export function turnGroups(lines: readonly GroupedLine[]): TurnGroup[] {
  const groups: TurnGroup[] = [];
  lines.forEach((line, i) => {
    const actor = line.events[0].player;
    const last = groups.at(-1);
    if (last && (actor === "chance" || actor === last.owner)) {
      last.count += 1;
    } else {
      groups.push({ from: i, count: 1, owner: actor, setup: false, turn: 0 });
    }
  });
  let playing = false;
  let turn = 0;
  for (const group of groups) {
    playing ||= !opensTheLog(group, lines);
    group.setup = !playing;
    group.turn = playing ? ++turn : 0;
  }
  return groups;
}

/**
 * A set-up group: chance before play, or a seat's run with a folded line in it. A phrase is one
 * move, not a run: a question asked on the Runner's first turn does not make it the set-up.
 */
function opensTheLog(group: TurnGroup, lines: readonly GroupedLine[]): boolean {
  if (group.owner === "chance") return true;
  for (let i = group.from; i < group.from + group.count; ++i) {
    if (lines[i].events.length > 1 && !lines[i].phrase) return true;
  }
  return false;
}

/** The group's heading: "Set-up", "Set-up · North" or "Turn 12 · Purple". */
export function turnHeading(group: TurnGroup, names?: SeatNames): string {
  if (group.setup) return group.owner === "chance" ? "Set-up" : `Set-up · ${actorName(group.owner, names)}`;
  return `Turn ${group.turn} · ${actorName(group.owner, names)}`;
}
