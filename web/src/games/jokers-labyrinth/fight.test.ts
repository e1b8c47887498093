// The last fight in one sentence (fight.ts), from views the engine writes (the records of
// src/games/jokers_labyrinth/fight_test.cpp: the same positions give the same sentences as the
// terminal), and the log events that tell each fight.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fakeContext } from "../board-testing";
import type { BoardState, GameEvent } from "../types";
import { describeEvent } from "./event-words";
import { createEventLog, eventDescriber } from "../../app/event-log";
import { diceWords, eventFight, fightSentence, type LastFight } from "./fight";
import { jokersLabyrinthUI } from "./index";

const P = (seat: number) => `Player ${seat + 1}`;

const hazard: LastFight = {
  attacker: 0, foe: "8S", cards: ["8D*", null], dice: 2, faces: [0, 0, 0, 0, 0, 2], final_die: 2,
  totals: [8, 8], winner: "attacker", consequence: "hazard_discarded",
};
const joker: LastFight = {
  attacker: 0, foe: "JK", cards: [null, null], dice: 7, faces: [3, 1, 1, 1, 1, 0], final_die: 1,
  totals: [0, 14], winner: "defender", consequence: "debt_taken",
};
const pvp: LastFight = {
  attacker: 0, defender: 1, cards: ["6H", null], dice: [2, 5], totals: [9, 5], winner: "attacker",
  consequence: "relocated", cell: "h7", joker_dropped: false, moved_in: true,
};

function stateWith(view: object, texts: [number | "chance", string][]): BoardState {
  const events: GameEvent[] = texts.map(([player, text], n) => ({ n, player, text }));
  return { game: "jokers-labyrinth", view, events } as unknown as BoardState;
}

describe("the last fight in one sentence", () => {
  it("tells a fight against a card as the terminal does", () => {
    expect(fightSentence(hazard, P)).toBe(
      "Player 1 fought 8♠ with 8♦* — 8 against 8, 2 dice 6+6, final die 2: Player 1 wins; 8♠ is discarded.");
    expect(fightSentence(joker, P)).toBe(
      "Player 1 fought the Joker with no card — 0 against 14, 7 dice 1+1+1+2+3+4+5, final die 1: the Joker wins; "
      + "Player 1 takes 2 debt.");
  });

  it("tells a fight between Jacks, the relocation and the move in", () => {
    expect(fightSentence(pvp, P)).toBe(
      "Player 1 fought Player 2, 6♥ against no card — dice 2 and 5, 9 against 5: Player 1 wins; Player 2 goes to h7; "
      + "Player 1 moves in.");
    expect(fightSentence({ ...pvp, winner: "defender", totals: [3, 8], moved_in: false, joker_dropped: true,
      consequence: "stayed" }, P)).toBe(
      "Player 1 fought Player 2, 6♥ against no card — dice 2 and 5, 3 against 8: Player 2 wins; Player 1 drops a "
      + "Joker and stays (no free spot).");
  });

  it("names every cost", () => {
    const cost = (consequence: string, extra: Partial<LastFight> = {}) =>
      fightSentence({ ...hazard, consequence, ...extra }, (s) => `Player ${s + 1}`).split("; ")[1];
    expect(cost("ace_taken", { foe: "9C*" })).toBe("the Guardian goes back and Player 1 takes the Ace.");
    expect(cost("npc_kept", { foe: "KS" })).toBe("Player 1 keeps K♠.");
    expect(cost("hand_discarded", { foe: "QD", winner: "defender" })).toBe("Player 1 discards the hand.");
    expect(cost("turn_lost", { foe: "KC", winner: "defender" })).toBe("Player 1 loses the next turn.");
    expect(cost("debt_paid", { foe: "JK2", paid: ["5H*", "7D"] })).toBe("Player 1 pays 5♥* and 7♦.");
    expect(cost("blocked", { winner: "defender" })).toBe("Player 1 stays put.");
  });

  it("counts the dice when there are many, and a fight decided before the final die", () => {
    expect(diceWords({ ...joker, dice: 7, faces: [1, 1, 1, 1, 1, 1], final_die: 0 }))
      .toBe("6 of 7 dice 1+2+3+4+5+6, all six faces showed");
    expect(diceWords({ ...joker, dice: 256, faces: [40, 40, 40, 40, 40, 40], final_die: 0 }))
      .toBe("240 of 256 dice, all six faces showed");
    expect(diceWords({ ...hazard, dice: 1, faces: [0, 0, 1, 0, 0, 0], final_die: 4 })).toBe("1 die 3, final die 4");
  });
});

describe("the log tells every fight where it ended", () => {
  const event = (n: number, player: number | "chance", text: string, fight?: LastFight): GameEvent =>
    ({ n, player, text, ...(fight ? { outcome: { fight } } : {}) });

  it("adds the fight to the event whose outcome it is", () => {
    expect(describeEvent(event(4, "chance", "die 2", hazard))).toBe("a die shows 2. Fight over: Player 1 fought "
      + "8♠ with 8♦* — 8 against 8, 2 dice 6+6, final die 2: Player 1 wins; 8♠ is discarded.");
    expect(describeEvent(event(3, "chance", "die 6"))).toBe("a die shows 6");
    expect(describeEvent(event(1, 0, "debt", joker))).toMatch(/^took 2 debt\. Fight over: Player 1 fought the Joker/);
    expect(describeEvent(event(2, 0, "spot h7", pvp))).toMatch(/^put the Jack on start spot h7\. Fight over: .*P/);
    expect(eventFight(event(0, "chance", "die 1"))).toBeNull();
    expect(eventFight({ ...event(0, "chance", "die 1"), outcome: { combat: {} } })).toBeNull();
  });

  it("keeps every fight's sentence whatever the view's last fight is (a reload, a replay)", () => {
    const events = [event(0, 0, "fight right"), event(1, 0, "use 8D*"), event(2, "chance", "die 6"),
      event(3, "chance", "die 6"), event(4, "chance", "die 2", hazard), event(5, 0, "move up"),
      event(6, 0, "fight up"), event(7, 0, "nocard"), event(8, "chance", "die 1"), event(9, 0, "debt", joker)];
    // A page opened after both fights: the view knows only the last one.
    const s = stateWith({ lastFight: joker }, []);
    s.events = events;
    const log = createEventLog();
    log.show(events, 0, eventDescriber(jokersLabyrinthUI, s));
    const said = [...log.el.querySelectorAll(".event-list > li .words")].map((w) => w.textContent ?? "");
    const fights = said.filter((w) => w.includes("Fight over: "));
    expect(fights).toHaveLength(2);
    expect(fights[0]).toMatch(/^a die shows 2\. Fight over: Player 1 fought 8♠ with 8♦\*/);
    expect(fights[1]).toMatch(/^took 2 debt\. Fight over: Player 1 fought the Joker with no card/);
  });
});

describe("the panel keeps the last fight", () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const positions: { acting: BoardState }[] =
    JSON.parse(readFileSync(join(here, "fixtures/positions.json"), "utf8"));
  const base = positions.find((p) => p.acting.view.phase === "main" && !p.acting.view.lastFight)!.acting;
  const withFight = (fight: LastFight | undefined): BoardState =>
    ({ ...base, view: { ...base.view, lastFight: fight } });

  it("shows the sentence and rolls the dice in once, when a new fight appears", () => {
    const host = document.createElement("div");
    const board = jokersLabyrinthUI.createBoard(host, withFight(undefined), fakeContext());
    expect(host.querySelector(".jl-last-fight")).toBeNull();
    board.update(withFight(hazard));
    const block = host.querySelector(".jl-last-fight")!;
    expect(block.classList.contains("jl-fight-new")).toBe(true);
    // One name per seat: the panel says "Player 1", as the header and the log do, never "P1".
    expect(block.textContent).toContain("Player 1 fought 8♠ with 8♦* — 8 against 8, 2 dice 6+6, final die 2");
    const panel = host.querySelector(".jl-panel")!.textContent!;
    expect(panel).toContain("Player 1");
    expect(panel).not.toMatch(/\bP[1-4]\b/);
    expect(block.querySelectorAll(".jl-roll").length).toBe(3);
    board.update(withFight(hazard));
    expect(host.querySelector(".jl-last-fight")!.classList.contains("jl-fight-new")).toBe(false);
    board.destroy();
  });
});
