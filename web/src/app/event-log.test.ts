import { describe, expect, it, vi } from "vitest";
import type { BoardState, GameEvent, GameUI } from "../games/types";
import { createEventLog, eventDescriber, eventWords, highlightStart, logLines, MAX_HIGHLIGHTED } from "./event-log";
import { withYou } from "./names";
import { resultHeadline } from "./result-banner";

const ev = (n: number, player: number | "chance"): GameEvent => ({ n, player, text: `e${n}` });

describe("the event log", () => {
  it("highlights what happened since the observer's last move", () => {
    const log = [ev(0, "chance"), ev(1, 0), ev(2, 1), ev(3, "chance")];
    expect(highlightStart(log, 0)).toBe(2);
    expect(highlightStart(log, 1)).toBe(3);
    expect(highlightStart(log, null)).toBe(3);
    expect(highlightStart([ev(0, 1), ev(1, 0), ev(2, 0)], 0)).toBe(1); // its own last run
    expect(highlightStart([], 0)).toBe(0);
    const longRun = Array.from({ length: 20 }, (_, i) => ev(i, 1));
    expect(highlightStart(longRun, 1)).toBe(20 - MAX_HIGHLIGHTED);
  });

  it("lists events in words, newest last, the recent ones marked", () => {
    const log = createEventLog();
    log.show([ev(0, "chance"), ev(1, 0), ev(2, 1)], 0);
    const items = [...log.el.querySelectorAll("li")];
    expect(items.map((li) => li.textContent)).toEqual(["Chance e0", "Player 1 e1", "Player 2 e2"]);
    expect(items.map((li) => li.classList.contains("recent"))).toEqual([false, false, true]);
    expect(log.el.querySelector("[aria-live]")).not.toBeNull();
  });

  it("marks the viewer's own lines and turns (you), as the header does", () => {
    const log = createEventLog();
    log.show([ev(0, 0), ev(1, 1)], 1, undefined, withYou(["Green", "Purple"], 1));
    expect([...log.el.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Green e0", "Purple (you) e1"]);
    expect([...log.el.querySelectorAll(".turn-heading")].map((h) => h.textContent))
      .toEqual(["Turn 1 · Green", "Turn 2 · Purple (you)"]);
  });

  it("appends only new entries and moves the highlight; a changed beginning redraws", () => {
    const log = createEventLog();
    const events = Array.from({ length: 2000 }, (_, i) => ev(i, i % 2));
    log.show(events, 0);
    const first = log.el.querySelector("li");
    const before = log.el.querySelectorAll("li")[1998];
    expect(before.classList.contains("recent")).toBe(false); // seat 0 moved at 1998: since then
    log.show([...events, ev(2000, 1)], 0);
    const items = log.el.querySelectorAll("li");
    expect(items).toHaveLength(2001);
    expect(items[0]).toBe(first); // not rebuilt
    expect([...items].slice(1998).map((li) => li.classList.contains("recent"))).toEqual([false, true, true]);
    log.show([ev(0, 1), ev(1, 0)], 0); // a resync with another history
    expect([...log.el.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Player 2 e0", "Player 1 e1"]);
    log.show([ev(0, 1), ev(1, 0)], 0, undefined, ["North", "South"]); // other names: redrawn
    expect(log.el.querySelector("li")?.textContent).toBe("South e0");
  });

  it("folds runs of like events (a deal, a secret grid) into one line that opens", () => {
    const deal = Array.from({ length: 25 }, (_, i): GameEvent => ({ n: i, player: "chance", text: `deal c${i}` }));
    const log = createEventLog();
    log.show([...deal, { n: 25, player: 0, text: "up" }], 0);
    const lines = [...log.el.querySelectorAll(".event-list > li")];
    expect(lines).toHaveLength(2);
    expect(lines[0].querySelector("summary")?.textContent).toBe("Chance 25 times: deal c0 … deal c24");
    expect(lines[0].querySelectorAll(".folded-events li")).toHaveLength(25);
    expect(lines[1].textContent).toBe("Player 1 up");
    // Three alike stay apart; a fourth folds them.
    const three = deal.slice(0, 3);
    log.show(three, 0);
    expect(log.el.querySelectorAll(".event-list > li")).toHaveLength(3);
    log.show(deal.slice(0, 4), 0);
    expect(log.el.querySelectorAll(".event-list > li")).toHaveLength(1);
    expect(logLines([ev(0, 0), ev(1, 0)], () => null).map((l) => l.events.length)).toEqual([1, 1]);
  });

  it("tells a game's phrase (one move logged in parts) as one line, redrawn when its words change", () => {
    const q = (n: number, text: string): GameEvent => ({ n, player: 0, text });
    const events = [q(0, "advisor"), q(1, "q joker_in"), q(2, "q row"), q(3, "q 2"), q(4, "q 3"),
      { n: 5, player: 1, text: "pass" }];
    const phrase = { from: 1, count: 3, words: "asked: “Is the Joker in row 2?”", notation: "ask joker_in row 2" };
    const log = createEventLog();
    log.show(events, 0, undefined, undefined, [phrase]);
    const texts = () => [...log.el.querySelectorAll(".event-list > li")].map((li) => li.textContent);
    expect(texts()).toEqual(["Player 1 advisor", "Player 1 asked: “Is the Joker in row 2?” ask joker_in row 2",
      "Player 1 q 3", "Player 2 pass"]);
    const line = log.el.querySelectorAll(".event-list > li")[1];
    expect(line.classList).toContain("phrase");
    expect(line.querySelector("code.notation")?.getAttribute("title")).toBe("in notation: q joker_in · q row · q 2");
    log.show(events, 0, undefined, undefined, [{ ...phrase, words: `${phrase.words} — No` }]); // the answer came
    expect(texts()[1]).toBe("Player 1 asked: “Is the Joker in row 2?” — No ask joker_in row 2");
    expect(log.el.querySelectorAll(".event-list > li")[0]).toBe(log.el.querySelector("li")); // the rest kept
    // Without the phrase the four like events fold into a run, as before.
    expect(logLines(events, () => null).map((l) => l.events.length)).toEqual([1, 4, 1]);
    // Phrases that do not fit the log are left out: overlapping, mixing players, past the end.
    const lines = logLines(events, () => null, [phrase, { from: 2, count: 2, words: "x" },
      { from: 4, count: 2, words: "mixed" }, { from: 5, count: 3, words: "past" }]);
    expect(lines.map((l) => [l.from, l.events.length, l.phrase?.words ?? null])).toEqual([
      [0, 1, null], [1, 3, phrase.words], [4, 1, null], [5, 1, null]]);
  });

  it("groups the lines by turn under headings, extending the last turn or starting a new one", () => {
    const log = createEventLog();
    const names = ["Green", "Purple"];
    const deal = Array.from({ length: 5 }, (_, i): GameEvent =>
      ({ n: i, player: "chance", text: `deal c${i}`, setup: true }));
    const play: GameEvent[] = [{ n: 5, player: 1, text: "AS-3H" }, { n: 6, player: 1, text: "right" },
      { n: 7, player: 0, text: "9D-4C" }];
    log.show([...deal, ...play.slice(0, 1)], 0, undefined, names);
    const turnsOf = () => [...log.el.querySelectorAll(".turn")].map((t) => [
      t.querySelector(".turn-heading")?.textContent, t.querySelectorAll(".event-list > li").length]);
    expect(turnsOf()).toEqual([["Set-up", 1], ["Turn 1 · Purple", 1]]);
    const setUp = log.el.querySelector(".turn");
    const firstMove = log.el.querySelectorAll(".event-list > li")[1];
    log.show([...deal, ...play.slice(0, 2)], 0, undefined, names); // the turn goes on
    expect(turnsOf()).toEqual([["Set-up", 1], ["Turn 1 · Purple", 2]]);
    log.show([...deal, ...play], 0, undefined, names); // the next player's turn
    expect(turnsOf()).toEqual([["Set-up", 1], ["Turn 1 · Purple", 2], ["Turn 2 · Green", 1]]);
    expect(log.el.querySelector(".turn")).toBe(setUp); // nothing before was rebuilt
    expect(log.el.querySelectorAll(".event-list > li")[1]).toBe(firstMove);
    // One live region around all the turns; the headings are headings, not entries.
    expect(log.el.querySelectorAll("[aria-live]")).toHaveLength(1);
    expect(log.el.querySelector("[aria-live]")?.getAttribute("aria-relevant")).toBe("additions");
    expect(log.el.querySelector("[aria-live] > .turn > h3.turn-heading")).not.toBeNull();
    expect(log.el.querySelectorAll(".event-list > li")).toHaveLength(4);
  });

  it("tells a seat's set-up as set-up from its first step, folded or not (a maze being built)", () => {
    const log = createEventLog();
    const cards = Array.from({ length: 5 }, (_, i): GameEvent => ({ n: i, player: 0, text: `AD@${i},1`, setup: true }));
    log.show(cards.slice(0, 1), 1);
    const turn = log.el.querySelector(".turn");
    expect(turn?.querySelector(".turn-heading")?.textContent).toBe("Set-up · Player 1");
    log.show(cards.slice(0, 4), 1);
    expect(log.el.querySelector(".turn")).toBe(turn);
    expect(turn?.querySelector(".turn-heading")?.textContent).toBe("Set-up · Player 1");
    expect(turn?.querySelectorAll(".event-list > li")).toHaveLength(1);
    log.show([...cards, { n: 5, player: 1, text: "compass 4H", setup: true }, { n: 6, player: 1, text: "explore 1,2" }], 1);
    expect([...log.el.querySelectorAll(".turn-heading")].map((x) => x.textContent)).toEqual(
      ["Set-up · Player 1", "Set-up · Player 2", "Turn 1 · Player 2"]);
    log.clear();
    expect(log.el.querySelectorAll(".turn")).toHaveLength(0);
  });

  it("tells a folded run in the game's sentence when it has one, the entries still inside", () => {
    const deal = Array.from({ length: 25 }, (_, i): GameEvent =>
      ({ n: i, player: "chance", text: `deal c${i}`, setup: true }));
    const chips = Array.from({ length: 6 }, (_, i): GameEvent => ({ n: 25 + i, player: 1, text: `bar A-${i}`, setup: true }));
    const fold = vi.fn((run: GameEvent[]) =>
      run[0].player === "chance" ? `The ${run.length} cards are dealt` : `put ${run.length} chips on the home grid`);
    const log = createEventLog();
    log.show([...deal, ...chips], 0, undefined, ["North", "South"], undefined, fold);
    const summaries = [...log.el.querySelectorAll(".event-list > li > details > summary")].map((x) => x.textContent);
    expect(summaries).toEqual(["The 25 cards are dealt", "South put 6 chips on the home grid"]);
    expect(log.el.querySelectorAll(".folded-events li")).toHaveLength(31);
    // the same run is not worded again; a run that grows is
    expect(fold).toHaveBeenCalledTimes(2);
    log.show([...deal, ...chips, { n: 31, player: 1, text: "bar B-1", setup: true }], 0, undefined,
      ["North", "South"], undefined, fold);
    expect(fold).toHaveBeenCalledTimes(3);
    expect(log.el.querySelectorAll(".event-list > li > details > summary")[1].textContent)
      .toBe("South put 7 chips on the home grid");
    // no sentence (or a throwing game): the run's first and last entries
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    log.show(deal, 0, undefined, undefined, undefined, () => { throw new Error("no words"); });
    expect(log.el.querySelector("summary")?.textContent).toBe("Chance 25 times: deal c0 … deal c24");
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("tells events in the game's words, keeping the notation beside them", () => {
    const log = createEventLog();
    const describe = (e: GameEvent) => (e.n === 1 ? `move number ${e.n}` : null);
    log.show([ev(0, "chance"), ev(1, 0)], 0, describe);
    const items = [...log.el.querySelectorAll("li")];
    expect(items[0].textContent).toBe("Chance e0"); // no words: the raw text alone
    expect(items[0].querySelector(".notation")).toBeNull();
    expect(items[1].querySelector(".words")?.textContent).toBe("move number 1");
    const notation = items[1].querySelector("code.notation");
    expect(notation?.textContent).toBe("e1");
    expect(notation?.getAttribute("title")).toBe("in notation");
    expect(items[1].textContent).toBe("Player 1 move number 1 e1");
  });

  it("falls back to the raw text when the words fail", () => {
    const e = ev(3, 1);
    expect(eventWords(e)).toBeNull();
    expect(eventWords(e, () => null)).toBeNull();
    expect(eventWords(e, () => "  ")).toBeNull();
    expect(eventWords(e, () => "e3")).toBeNull(); // the same as the notation: said once
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(eventWords(e, () => { throw new Error("bad"); })).toBeNull();
    spy.mockRestore();
    expect(eventWords(e, () => " three ")).toBe("three");
    const log = createEventLog();
    log.show([e], 1, () => { throw new Error("bad"); });
    expect(log.el.querySelector("li")?.textContent).toBe("Player 2 e3");
  });

  it("binds a game's describeEvent to the shown state", () => {
    const state = { game: "g", seat: 1 } as BoardState;
    const ui = { id: "g", describeEvent: (e: GameEvent, s: BoardState) => `${e.text} for seat ${s.seat}` } as
      unknown as GameUI;
    expect(eventDescriber(ui, state)?.(ev(2, 0))).toBe("e2 for seat 1");
    expect(eventDescriber({ id: "g" } as GameUI, state)).toBeUndefined();
    expect(eventDescriber(null, state)).toBeUndefined();
  });

  it("names the winner", () => {
    expect(resultHeadline([1, -1], 0)).toBe("You win!");
    expect(resultHeadline([1, -1], 1)).toBe("Player 1 wins.");
    expect(resultHeadline([0, 0], 1)).toBe("A draw.");
    expect(resultHeadline([2, 2, 0], null)).toBe("Player 1 and Player 2 share the win.");
  });
});
