// The event log in words, as told to this observer: newest last, the latest moves highlighted,
// scrolled to the end, announced to screen readers (aria-live).
import { clear, h } from "../core/dom";
import type { GameEvent } from "../games/types";
import { actorName } from "./names";

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

export interface EventLog {
  el: HTMLElement;
  show(events: GameEvent[], seat: number | null): void;
  clear(): void;
}

export function createEventLog(title = "Events"): EventLog {
  const list = h("ol", { class: "event-list", "aria-live": "polite", "aria-relevant": "additions" });
  const el = h("section", { class: "panel event-log", "aria-label": title }, h("h2", {}, title), list);
  return {
    el,
    show(events, seat) {
      const from = highlightStart(events, seat);
      clear(list);
      events.forEach((e, i) =>
        list.append(
          h("li", { class: i >= from ? "event recent" : "event", value: e.n + 1 },
            h("span", { class: "actor" }, actorName(e.player)), " ", e.text),
        ));
      list.scrollTop = list.scrollHeight;
    },
    clear: () => clear(list),
  };
}
