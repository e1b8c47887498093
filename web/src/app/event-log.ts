// The event log in words, as told to this observer: newest last, grouped by turn under a heading
// ("Turn 12 · Purple"), the latest moves highlighted, scrolled to the end, announced to screen
// readers (aria-live). A game that can tell its events in
// plain words (GameUI.describeEvent) gets its words shown, with the raw notation kept beside them
// in a small monospace style so players can learn the notation.
import { type Child, clear, h } from "../core/dom";
import type { BoardState, EventPhrase, GameEvent, GameUI } from "../games/types";
import "./event-log.css";
import { type TurnGroup, type TurnOwner, turnGroups, turnHeading } from "./log-turns";
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

/** A game's words for a folded run of like events (GameUI.foldEvents bound to the shown state). */
export type RunDescriber = (events: GameEvent[]) => string | null;

/** The run describer of `ui` for the shown `state`, when the game words its runs. */
export function runDescriber(ui: GameUI | null, state: BoardState): RunDescriber | undefined {
  const fold = ui?.foldEvents;
  return fold ? (events) => fold.call(ui, events, state) : undefined;
}

/** The words for a folded run, or null for the plain "N times: first … last". Never throws. */
export function runWords(events: GameEvent[], describe?: RunDescriber): string | null {
  if (!describe) return null;
  try {
    const words = describe(events);
    return typeof words === "string" && words.trim() ? words.trim() : null;
  } catch (err) {
    console.error("describing a run of events failed; showing its first and last", err);
    return null;
  }
}

/** The runs of events `ui` tells as one line each for the shown `state` (none when it cannot). */
export function eventPhrases(ui: GameUI | null, state: BoardState): EventPhrase[] {
  const phrase = ui?.phraseEvents;
  if (!phrase) return [];
  try {
    return phrase.call(ui, state.events, state);
  } catch (err) {
    console.error("phrasing the log failed; telling its events one by one", err);
    return [];
  }
}

/** The notation beside the words: small, monospace, muted (secondary to the words). */
const NOTATION_STYLE = {
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "0.78em",
  color: "var(--muted)",
  whiteSpace: "nowrap",
};


/** At least this many like events in a row (same actor, same kind) fold into one line. */
export const MIN_FOLDED = 4;

/** A line of the log: one event, a run of like events folded together, or a game's phrase. */
export interface LogLine {
  from: number; // index of its first event
  events: GameEvent[];
  words: (string | null)[];
  /** Set when the game tells these events as one sentence (GameUI.phraseEvents). */
  phrase?: EventPhrase;
  /** A folded run's sentence in the game's words (GameUI.foldEvents), when it has one. */
  runWords?: string | null;
}

/** Events alike: the same actor, both of the set-up or both of play, and the same first word of
 * notation ("deal", "bar"; a placement "AD@3,2" counts as "…@"), whatever the words say of each. */
function foldKey(e: GameEvent): string {
  const first = e.text.split(/\s+/)[0];
  return `${e.player}\u0000${e.setup === true}\u0000${first.includes("@") ? "…@" : first}`;
}

/** The phrases that can be shown: within the log, one player's events each, not overlapping. */
function usablePhrases(events: GameEvent[], phrases: readonly EventPhrase[]): Map<number, EventPhrase> {
  const at = new Map<number, EventPhrase>();
  let end = 0;
  for (const p of [...phrases].sort((a, b) => a.from - b.from)) {
    const run = events.slice(p.from, p.from + p.count);
    if (p.from < end || p.count < 1 || run.length !== p.count || !p.words.trim()) continue;
    if (run.some((e) => e.player !== run[0].player)) continue;
    at.set(p.from, p);
    end = p.from + p.count;
  }
  return at;
}

/**
 * The log's lines: a game's phrases (an Advisor question's tokens told as one sentence) first;
 * then runs of MIN_FOLDED or more like events (the 25 cards of a deal, a secret grid's chips, a
 * maze's 40 cards) fold into one line, told in the game's words when `runWordsOf` has them; the
 * rest stand alone.
 */
export function logLines(events: GameEvent[], wordsOf: (e: GameEvent) => string | null,
  phrases: readonly EventPhrase[] = [], runWordsOf?: (run: GameEvent[]) => string | null): LogLine[] {
  const lines: LogLine[] = [];
  const phraseAt = usablePhrases(events, phrases);
  let i = 0;
  while (i < events.length) {
    const phrase = phraseAt.get(i);
    if (phrase) {
      const run = events.slice(i, i + phrase.count);
      lines.push({ from: i, events: run, words: [phrase.words.trim()], phrase });
      i += phrase.count;
      continue;
    }
    const key = foldKey(events[i]);
    let j = i + 1;
    while (j < events.length && !phraseAt.has(j) && foldKey(events[j]) === key) ++j;
    if (j - i >= MIN_FOLDED) {
      const run = events.slice(i, j);
      lines.push({ from: i, events: run, words: run.map(wordsOf), runWords: runWordsOf?.(run) ?? null });
    } else {
      for (let k = i; k < j; ++k) lines.push({ from: k, events: [events[k]], words: [wordsOf(events[k])] });
    }
    i = j;
  }
  return lines;
}

function entryOf(e: GameEvent, words: string | null): Child[] {
  if (words === null) return [e.text];
  return [
    h("span", { class: "words" }, words), " ",
    h("code", { class: "notation", title: "in notation", style: NOTATION_STYLE }, e.text),
  ];
}

function lineElement(line: LogLine, names?: SeatNames): HTMLElement {
  const first = line.events[0];
  const actor = h("span", { class: "actor" }, actorName(first.player, names));
  if (line.phrase) {
    // One sentence for several events: the notation a player could type, the events in its title.
    const raw = line.events.map((e) => e.text).join(" · ");
    return h("li", { class: "event phrase", value: first.n + 1 }, actor, " ",
      h("span", { class: "words" }, line.words[0]), " ",
      h("code", { class: "notation", title: `in notation: ${raw}`, style: NOTATION_STYLE },
        line.phrase.notation ?? raw));
  }
  if (line.events.length === 1) {
    return h("li", { class: "event", value: first.n + 1 }, actor, " ", ...entryOf(first, line.words[0]));
  }
  const last = line.events.length - 1;
  const said = (k: number) => line.words[k] ?? line.events[k].text;
  // The game's sentence follows a seat's name ("South put 12 chips …") and stands alone for
  // chance ("The 25 cards are dealt"); without one, the first and last of the run.
  const summary = line.runWords
    ? (first.player === "chance" ? [h("span", { class: "words" }, line.runWords)]
      : [actor, " ", h("span", { class: "words" }, line.runWords)])
    : [actor, " ", `${line.events.length} times: ${said(0)} … ${said(last)}`];
  return h("li", { class: "event folded", value: first.n + 1 },
    h("details", {},
      h("summary", {}, ...summary),
      h("ol", { class: "folded-events" }, line.events.map((e, k) =>
        h("li", { value: e.n + 1 }, ...entryOf(e, line.words[k]))))));
}

export interface EventLog {
  el: HTMLElement;
  /**
   * Shows the log; `describe` (optional) tells each event in words; `names`: the seats' names;
   * `phrases`: runs of events told as one line each (GameUI.phraseEvents); `describeRun` words a
   * folded run (GameUI.foldEvents).
   */
  show(events: GameEvent[], seat: number | null, describe?: EventDescriber, names?: SeatNames,
    phrases?: readonly EventPhrase[], describeRun?: RunDescriber): void;
  clear(): void;
}

/** A line on screen: its key, its element, and the index of its last event. */
interface ShownLine {
  key: string;
  li: HTMLElement;
  last: number;
}

/** A turn on screen: its first line's index, whose it is, its heading, the list of its lines. */
interface ShownTurn {
  from: number;
  owner: TurnOwner;
  heading: string;
  head: HTMLElement;
  list: HTMLElement;
  el: HTMLElement;
}

function turnElement(group: TurnGroup, heading: string): ShownTurn {
  const head = h("h3", { class: "turn-heading" }, heading);
  const list = h("ol", { class: "event-list" });
  return { from: group.from, owner: group.owner, heading, head, list, el: h("div", { class: "turn" }, head, list) };
}

export function createEventLog(title = "Events"): EventLog {
  // The live region holds the turns: a new turn is read out with its heading, a line added to
  // the current turn alone (aria-relevant: additions; nothing already shown is read again).
  const turns = h("div", { class: "event-turns", "aria-live": "polite", "aria-relevant": "additions" });
  const el = h("section", { class: "panel event-log", "aria-label": title }, h("h2", {}, title), turns);
  // What is on screen, line by line and turn by turn: an update appends only the new lines (a long
  // log was rebuilt on every move, and screen readers re-read it), to the last turn or in new
  // turns, and redraws a run that grew, unless the log's beginning changed (a resync, another
  // seat's log on a hot-seat device, other seat names). An event's words are taken once: they
  // depend on the event and what came before it.
  let shown: ShownLine[] = [];
  let shownTurns: ShownTurn[] = [];
  let shownNames = "";
  let words = new Map<string, string | null>();
  let runs = new Map<string, string | null>();
  const keyOf = (e: GameEvent) => `${e.n}\u0000${e.player}\u0000${e.text}`;
  // A phrase's words are part of its key: a question's line is redrawn when its answer comes.
  const lineKey = (line: LogLine) =>
    `${keyOf(line.events[0])}\u0000${line.events.length}\u0000${line.phrase?.words ?? line.runWords ?? ""}`;
  const forget = () => {
    clear(turns);
    shown = [];
    shownTurns = [];
    words = new Map();
    runs = new Map();
  };

  /**
   * Drops what is shown from line `keep` on: its lines, and the turns that are no longer there. A
   * turn whose first line is redrawn (its run folded) stays if it still starts there, for the
   * same player: only its new line is announced, not its heading again.
   */
  function dropFrom(keep: number, groups: TurnGroup[]): void {
    for (const gone of shown.splice(keep)) gone.li.remove();
    let kept = 0;
    while (kept < shownTurns.length && kept < groups.length && shownTurns[kept].from <= keep &&
      shownTurns[kept].from === groups[kept].from && shownTurns[kept].owner === groups[kept].owner) ++kept;
    for (const gone of shownTurns.splice(kept)) gone.el.remove();
  }

  /** Shows lines `keep`… : into the last shown turn while they belong to it, then in new turns. */
  function appendFrom(keep: number, lines: LogLine[], groups: TurnGroup[], names?: SeatNames): void {
    const newTurns = document.createDocumentFragment();
    for (let g = Math.max(0, shownTurns.length - 1); g < groups.length; ++g) {
      const group = groups[g];
      const heading = turnHeading(group, names);
      let turn = shownTurns[g];
      if (!turn) {
        turn = turnElement(group, heading);
        shownTurns.push(turn);
        newTurns.append(turn.el);
      } else if (turn.heading !== heading) {
        turn.heading = heading;
        turn.head.textContent = heading;
      }
      const added = document.createDocumentFragment();
      for (let i = Math.max(keep, group.from); i < group.from + group.count; ++i) {
        const li = lineElement(lines[i], names);
        shown.push({ key: lineKey(lines[i]), li, last: lines[i].from + lines[i].events.length - 1 });
        added.append(li);
      }
      turn.list.append(added);
    }
    turns.append(newTurns);
  }

  return {
    el,
    show(events, seat, describe, names, phrases, describeRun) {
      const namesKey = (names ?? []).join("\u0000");
      if (namesKey !== shownNames) {
        forget();
        shownNames = namesKey;
      }
      const wordsOf = (e: GameEvent) => {
        const key = keyOf(e);
        if (!words.has(key)) words.set(key, eventWords(e, describe));
        return words.get(key)!;
      };
      // A run's words are asked again only when the run is new or grew (its line is redrawn).
      const runWordsOf = (run: GameEvent[]) => {
        const key = `${keyOf(run[0])}\u0000${run.length}`;
        if (!runs.has(key)) runs.set(key, runWords(run, describeRun));
        return runs.get(key)!;
      };
      const lines = logLines(events, wordsOf, phrases, runWordsOf);
      let keep = 0;
      while (keep < shown.length && keep < lines.length && shown[keep].key === lineKey(lines[keep])) ++keep;
      const groups = turnGroups(lines);
      dropFrom(keep, groups);
      appendFrom(keep, lines, groups, names);
      const from = highlightStart(events, seat);
      // Only lines near the end can change highlight: walk back while it matters.
      for (let i = shown.length - 1; i >= 0; --i) {
        const recent = shown[i].last >= from;
        const was = shown[i].li.classList.contains("recent");
        shown[i].li.classList.toggle("recent", recent);
        if (!recent && !was && i < keep) break;
      }
      turns.scrollTop = turns.scrollHeight;
    },
    clear: forget,
  };
}
