// The event log in words, as told to this observer: newest last, the latest moves highlighted,
// scrolled to the end, announced to screen readers (aria-live). A game that can tell its events in
// plain words (GameUI.describeEvent) gets its words shown, with the raw notation kept beside them
// in a small monospace style so players can learn the notation.
import { type Child, clear, h } from "../core/dom";
import type { BoardState, GameEvent, GameUI } from "../games/types";
import { actorName, type SeatNames } from "./names";

/**
 * Where the highlighted tail of the log starts: everything since the observer's own last move;
 * if the observer moved last, its own last run of moves; for a spectator, the last entry. A long
 * run is cut to its last MAX_HIGHLIGHTED entries.
 */
export function highlightStart(events: GameEvent[], seat: number | null): number {
  return Math.max(events.length - MAX_HIGHLIGHTED, sinceOwnMove(events, seat));
}

/** At most this many entries are highlighted: a long turn's tail, not half the log. */
export const MAX_HIGHLIGHTED = 8;

function sinceOwnMove(events: GameEvent[], seat: number | null): number {
  const last = events.length - 1;
  if (last < 0) return 0;
  let lastOwn = -1;
  if (seat !== null) for (let i = 0; i <= last; ++i) if (events[i].player === seat) lastOwn = i;
  if (lastOwn < 0) return last;
  if (lastOwn < last) return lastOwn + 1;
  let start = last;
  while (start > 0 && events[start - 1].player === seat) --start;
  return start;
}

/** A game's words for one event (GameUI.describeEvent bound to the shown state); null: none. */
export type EventDescriber = (event: GameEvent) => string | null;

/** The describer of `ui` for the shown `state`, when the game tells its events in words. */
export function eventDescriber(ui: GameUI | null, state: BoardState): EventDescriber | undefined {
  const describe = ui?.describeEvent;
  return describe ? (event) => describe.call(ui, event, state) : undefined;
}

/**
 * The words for `event`, or null to show the raw text alone. A describer that throws, or answers
 * nothing or the raw text itself, counts as no words: the log never breaks over a game's words.
 */
export function eventWords(event: GameEvent, describe?: EventDescriber): string | null {
  if (!describe) return null;
  let words: string | null;
  try {
    words = describe(event);
  } catch (err) {
    console.error("describing an event failed; showing its notation", err);
    return null;
  }
  if (typeof words !== "string") return null;
  words = words.trim();
  return words && words !== event.text ? words : null;
}

/** The notation beside the words: small, monospace, muted (secondary to the words). */
const NOTATION_STYLE = {
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "0.78em",
  color: "var(--muted)",
  whiteSpace: "nowrap",
};

function entryBody(event: GameEvent, describe?: EventDescriber): Child[] {
  const words = eventWords(event, describe);
  if (words === null) return [event.text];
  return [
    h("span", { class: "words" }, words), " ",
    h("code", { class: "notation", title: "in notation", style: NOTATION_STYLE }, event.text),
  ];
}

export interface EventLog {
  el: HTMLElement;
  /** Shows the log; `describe` (optional) tells each event in words; `names`: the seats' names. */
  show(events: GameEvent[], seat: number | null, describe?: EventDescriber, names?: SeatNames): void;
  clear(): void;
}

export function createEventLog(title = "Events"): EventLog {
  const list = h("ol", { class: "event-list", "aria-live": "polite", "aria-relevant": "additions" });
  const el = h("section", { class: "panel event-log", "aria-label": title }, h("h2", {}, title), list);
  // What is on screen, entry by entry: an update appends only the new entries (a long log was
  // rebuilt on every move, and screen readers re-read it), unless its beginning changed (a
  // resync, another seat's log on a hot-seat device, other seat names).
  let shown: { key: string; li: HTMLElement }[] = [];
  let shownNames = "";
  let shownFrom = 0;
  const keyOf = (e: GameEvent) => `${e.n}\u0000${e.player}\u0000${e.text}`;
  return {
    el,
    show(events, seat, describe, names) {
      const namesKey = (names ?? []).join("\u0000");
      let keep = 0;
      if (namesKey === shownNames) {
        while (keep < shown.length && keep < events.length && shown[keep].key === keyOf(events[keep])) ++keep;
      }
      for (const gone of shown.splice(keep)) gone.li.remove();
      shownNames = namesKey;
      const from = highlightStart(events, seat);
      const added = document.createDocumentFragment();
      for (let i = keep; i < events.length; ++i) {
        const e = events[i];
        const li = h("li", { class: "event", value: e.n + 1 },
          h("span", { class: "actor" }, actorName(e.player, names)), " ", ...entryBody(e, describe));
        shown.push({ key: keyOf(e), li });
        added.append(li);
      }
      list.append(added);
      // Only the entries whose highlight may change: from the older of the two starts on.
      for (let i = Math.min(from, shownFrom, keep); i < shown.length; ++i) {
        shown[i].li.classList.toggle("recent", i >= from);
      }
      shownFrom = from;
      list.scrollTop = list.scrollHeight;
    },
    clear: () => {
      clear(list);
      shown = [];
      shownFrom = 0;
    },
  };
}
