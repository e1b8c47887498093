// The last combat in words: the sentence (the terminal's, src/games/mazemakers/combat_record_test.cpp
// pins the same words), the dice of the log and the panel block.
import { describe, expect, it } from "vitest";
import type { BoardState, GameEvent } from "../types";
import { createEventLog, eventDescriber } from "../../app/event-log";
import { combatSentence, eventCombat, type LastCombat, lastCombatIndex, rollRole, rollWords } from "./combat";
import { describeEvent } from "./event-words";
import { mazemakersUI } from "./index";
import { readModel } from "./model";
import { combatBlock } from "./panel";
import move from "./fixtures/pento2-move.json";

const lostToMonster: LastCombat = {
  kind: "monster", square: "i7",
  fighter: { seat: "P1", die: 2, artifacts: 0, total: 2 },
  opponent: { monster: 4, total: 4 },
  winner: "monster", damage: 1, monster_removed: false, died: false, revived: false, stopped_at: null,
};

const tiedBlock: LastCombat = {
  kind: "players", square: "i8",
  fighter: { seat: "P1", die: 3, artifacts: 0, total: 3 },
  opponent: { seat: "P2", die: 3, artifacts: 0, total: 3 },
  winner: "P1", damage: 1, monster_removed: false, died: false, revived: false, stopped_at: null,
};

describe("MazeMakers combat sentence", () => {
  it("tells a monster fight, lost or won", () => {
    expect(combatSentence(lostToMonster)).toBe("Player 1 (die 2 + 0 = 2) lost to the 4 monster on i7: Player 1 takes 1 damage.");
    const won: LastCombat = {
      ...lostToMonster, square: "g7", fighter: { seat: "P1", die: 2, artifacts: 1, total: 3 },
      opponent: { monster: 3, total: 3 }, winner: "P1", damage: 0,
    };
    expect(combatSentence(won)).toBe("Player 1 (die 2 + 1 = 3) beat the 3 monster on g7: the monster stays on its square.");
    expect(combatSentence({ ...won, monster_removed: true }))
      .toBe("Player 1 (die 2 + 1 = 3) beat the 3 monster on g7: the monster is removed.");
  });

  it("tells a death, and a revival", () => {
    const dead = { ...lostToMonster, fighter: { seat: "P1", die: 0, artifacts: 0, total: 0 }, damage: 4, died: true };
    expect(combatSentence(dead)).toBe("Player 1 (die 0 + 0 = 0) lost to the 4 monster on i7: Player 1 takes 4 damage and dies.");
    expect(combatSentence({ ...dead, revived: true }))
      .toBe("Player 1 (die 0 + 0 = 0) lost to the 4 monster on i7: Player 1 takes 4 damage and dies, revived on START with 2 health.");
  });

  it("tells a block: the mover going on, or stopping", () => {
    expect(combatSentence(tiedBlock))
      .toBe("Player 1 (die 3 + 0 = 3) beat Player 2 (die 3 + 0 = 3), who blocked on i8: Player 2 takes 1 damage, and Player 1 moves on.");
    const lost: LastCombat = {
      ...tiedBlock, fighter: { seat: "P1", die: 1, artifacts: 0, total: 1 },
      opponent: { seat: "P2", die: 4, artifacts: 0, total: 4 }, winner: "P2", damage: 3, stopped_at: "start",
    };
    expect(combatSentence(lost))
      .toBe("Player 1 (die 1 + 0 = 1) lost to Player 2 (die 4 + 0 = 4), who blocked on i8: Player 1 takes 3 damage, and Player 1 stops on START.");
    expect(combatSentence({ ...lost, stopped_at: "h9" })).toMatch(/Player 1 stops on h9\.$/);
  });

  it("dresses the seats when asked", () => {
    const name = (seat: string) => (seat === "P1" ? "Player 1 (you)" : "Player 2");
    expect(combatSentence(tiedBlock, name)).toBe("Player 1 (you) (die 3 + 0 = 3) beat Player 2 (die 3 + 0 = 3), who "
      + "blocked on i8: Player 2 takes 1 damage, and Player 1 (you) moves on.");
  });
});

describe("MazeMakers combat dice in the log", () => {
  const ev = (n: number, player: number | "chance", text: string): GameEvent => ({ n, player, text });
  // P1 steps onto P2's square; P2 blocks; both dice; then P1 walks on and lands on a monster.
  const log: GameEvent[] = [
    ev(30, 0, "pass"), ev(31, 0, "i8"), ev(32, 1, "block"), ev(33, "chance", "roll 3"), ev(34, "chance", "roll 3"),
    ev(35, 0, "i7"), ev(36, "chance", "roll 2"),
  ];

  it("knows whose die each roll is", () => {
    expect(rollRole(log, 3)).toMatchObject({ kind: "moverDie", mover: "P1", blocker: "P2", square: "i8", die: 3 });
    expect(rollRole(log, 4)).toMatchObject({ kind: "blockerDie", moverDie: 3, die: 3 });
    expect(rollRole(log, 6)).toEqual({ kind: "monster", mover: "P1", square: "i7", die: 2 });
    expect(rollRole(log, 1)).toBeNull();
    // a roll-off after an exit, and a log that starts with the dice: not a fight's
    expect(rollRole([ev(1, 0, "start"), ev(2, "chance", "roll 4"), ev(3, "chance", "roll 1")], 2)).toBeNull();
    expect(rollRole([ev(1, 0, "stop"), ev(2, "chance", "roll 4")], 1)).toBeNull();
    expect(rollRole([ev(2, "chance", "roll 4")], 0)).toBeNull();
    expect(lastCombatIndex(log)).toBe(6);
    expect(lastCombatIndex(log.slice(0, 6))).toBe(4);
    expect(lastCombatIndex(log.slice(0, 4))).toBe(-1);
  });

  // The same log as the server sends it: each resolving die carries its combat as its outcome.
  const told = log.map((e) => e.n === 34 ? { ...e, outcome: { combat: tiedBlock } }
    : e.n === 36 ? { ...e, outcome: { combat: lostToMonster } } : e);

  it("tells the whole fight at each die that resolved one, from its outcome", () => {
    expect(eventCombat(told[6])).toEqual(lostToMonster);
    expect(eventCombat(told[3])).toBeNull();
    expect(eventCombat({ ...told[3], outcome: { fight: {} } })).toBeNull();
    expect(rollWords(told, 6))
      .toBe("the combat die rolls 2: Player 1 (die 2 + 0 = 2) lost to the 4 monster on i7: Player 1 takes 1 damage.");
    // the block before it keeps its own sentence, though the view keeps only the last combat
    expect(rollWords(told, 4)).toMatch(/^the combat die rolls 3: Player 1 \(die 3 \+ 0 = 3\) beat Player 2 .* who blocked on i8/);
    expect(rollWords(told, 3)).toBe("the combat die rolls 3 for Player 1, who moves");
    // without outcomes (a log from elsewhere), each die says whose it is
    expect(rollWords(log, 4)).toBe("the combat die rolls 3 for Player 2, who blocked on i8");
    expect(rollWords(log, 6)).toBe("the combat die rolls 2 for Player 1 against the monster on i7");
  });

  it("feeds the log through describeEvent, every combat told, each seat named as the header names it", () => {
    const base = move as BoardState;
    // a page opened after both combats: the view knows only the last one
    const state = { ...base, events: told, view: { ...base.view, lastCombat: lostToMonster } } as BoardState;
    expect(describeEvent(told[6], state))
      .toBe("the combat die rolls 2: Player 1 (die 2 + 0 = 2) lost to the 4 monster on i7: Player 1 takes 1 damage.");
    expect(describeEvent(ev(50, "chance", "roll 4"), state)).toBe("the combat die rolls 4");
    const shown = createEventLog();
    shown.show(told, 0, eventDescriber(mazemakersUI, state));
    const said = [...shown.el.querySelectorAll(".event-list > li .words")].map((w) => w.textContent ?? "");
    expect(said.filter((w) => / (beat|lost to) /.test(w))).toEqual([
      "the combat die rolls 3: Player 1 (die 3 + 0 = 3) beat Player 2 (die 3 + 0 = 3), who blocked on i8: Player 2 "
      + "takes 1 damage, and Player 1 moves on.",
      "the combat die rolls 2: Player 1 (die 2 + 0 = 2) lost to the 4 monster on i7: Player 1 takes 1 damage."]);
  });
});

describe("MazeMakers last combat panel block", () => {
  const base = move as BoardState;
  const withCombat = (c: LastCombat | null) => ({ ...base, view: { ...base.view, lastCombat: c } }) as BoardState;

  it("shows the sentence and the dice, rolling them only when fresh", () => {
    const state = withCombat(tiedBlock);
    const block = combatBlock(state, readModel(state.view), true)!;
    expect(block.textContent).toContain(
      "Last combat: Player 1 (die 3 + 0 = 3) beat Player 2 (die 3 + 0 = 3), who blocked on i8:");
    expect(block.classList.contains("mm-combat-new")).toBe(true);
    expect(block.querySelectorAll("svg.mm-die")).toHaveLength(2);
    expect(combatBlock(state, readModel(state.view))!.classList.contains("mm-combat-new")).toBe(false);
    const monster = withCombat(lostToMonster);
    expect(combatBlock(monster, readModel(monster.view))!.querySelectorAll("svg.mm-die")).toHaveLength(1);
    expect(combatBlock(withCombat(null), readModel(base.view))).toBeNull();
  });
});
