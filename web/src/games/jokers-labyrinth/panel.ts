// Everything beside the Dungeon: whose turn it is, the decision buttons and the choice menu, the
// fight in progress with its dice, each player's Jack, Jokers, debt and hand, the piles, and the
// last moves in words. Drawn only from the view (what this observer may see).
import { h } from "../../core/dom";
import type { BoardState, GameEvent, View } from "../types";
import { dieFace, miniCard } from "./cards";
import { PLAYER_COLOURS } from "./board";
import { hiddenWords } from "./event-words";
import { fightEndedBy, fightSentence, type LastFight } from "./fight";
import { cardShort, cardWords, SUIT_SYMBOL, SUIT_WORD, type SuitLetter } from "./notation";
import { recentEvents } from "./recent";
import { moveWords } from "./words";
import { spelledSeat } from "../seat-names";

export interface PanelMarks {
  patternId: string;
  clickable: Set<string>;
  selected: Set<string>;
  /** Faces chosen for a King reroll (`1`–`6`, `f`). */
  rerollFaces: Set<string>;
  /** Moves the clicks so far name completely while others continue: offered as a menu. */
  menu: string[];
  /** Whether any clicks are under way (then a Cancel button is shown). */
  selecting: boolean;
  faceReroll: boolean;
  /** The view's last fight is new since the last state: its dice roll in (CSS, once). */
  freshFight: boolean;
  label(token: string): string;
}

function tokenButton(token: string, marks: PanelMarks, cls: string, ...content: (Node | string)[]) {
  // A selected token stays clickable: clicking it again cancels the choice.
  const can = marks.clickable.has(token) || marks.selected.has(token);
  const el = h("button", {
    type: "button", class: `${cls}${can ? " jl-can" : ""}${marks.selected.has(token) ? " jl-selected" : ""}`,
    "data-key": token, disabled: !can, "aria-label": can ? marks.label(token) : undefined,
  }, ...content);
  return el;
}

const PHASE_WORDS: Record<string, string> = {
  choose_suit: "choosing Jacks",
  place: "placing Jacks on the start spots",
  main: "exploring",
  deal: "turning up a card",
  guardian: "drawing a Guardian",
  combat_prep: "preparing a fight",
  dice: "rolling the dice",
  reroll: "deciding on a King's reroll",
  keep_npc: "keeping or discarding a won card",
  joker_loss: "lost to a Joker: pay or take debt",
  scavenge_draw: "scavenging",
  scavenge_keep: "keeping or discarding a scavenged card",
  pvp_prep: "preparing a fight between Jacks",
  relocate: "relocating the loser",
  peek: "peeking at face-down cards",
  shuffle_draw: "Reality Shuffle",
  shuffle_deal: "Reality Shuffle",
  over: "game over",
};

function statusLine(state: BoardState): HTMLElement {
  const view = state.view;
  if (view.phase === "over") {
    const winner = typeof view.winner === "number" && view.winner >= 0 ? seatName(view, view.winner) : null;
    return h("p", { class: "jl-status" }, winner ? `Game over: ${winner} wins.` : "Game over: a draw.");
  }
  const acting = typeof view.to_act === "number" && view.to_act >= 0 ? seatName(view, view.to_act) : null;
  const mine = state.seat !== null && view.to_act === state.seat;
  const who = mine ? "Your turn" : acting ? `${acting} to act` : "The dealer";
  const actions = view.phase === "main" ? ` · ${view.turn.actions_left} action${view.turn.actions_left === 1 ? "" : "s"} left` : "";
  const peeks = view.peeks_left !== undefined ? ` · ${view.peeks_left} peek${view.peeks_left === 1 ? "" : "s"} left` : "";
  return h("p", { class: `jl-status${mine ? " jl-mine" : ""}` },
    `${who}: ${PHASE_WORDS[view.phase] ?? view.phase}${actions}${peeks} · round ${view.turn.round + 1}`);
}

function controls(state: BoardState, marks: PanelMarks): HTMLElement | null {
  const buttons = [...marks.clickable].filter((t) => t.startsWith("btn:"));
  const suits = (["C", "D", "H", "S"] as SuitLetter[]).filter((s) => marks.clickable.has(`suit:${s}`));
  if (!state.interactive || (buttons.length === 0 && suits.length === 0 && marks.menu.length === 0
    && !marks.selecting && !marks.faceReroll)) return null;
  return h("div", { class: "jl-controls" },
    suits.length ? h("div", { class: "jl-suits" },
      suits.map((suit) => tokenButton(`suit:${suit}`, marks, "jl-suit",
        miniCard(`J${suit}`, marks.patternId, 40), h("span", {}, `Jack of ${SUIT_WORD[suit]}`)))) : null,
    buttons.length ? h("div", { class: "jl-buttons" },
      buttons.map((t) => tokenButton(t, marks, "jl-btn", moveWords(t.slice(4))))) : null,
    marks.menu.length ? h("div", { class: "jl-menu", role: "group", "aria-label": "Choose" },
      marks.menu.map((m) => h("button", { type: "button", class: "jl-btn jl-choice", "data-move": m },
        moveWords(m)))) : null,
    marks.selecting ? h("p", { class: "jl-hint" }, marks.selected.size
      ? "Now click a highlighted cell, Jack or card, or a choice above."
      : "Click the dice to reroll (all dice of a face go together), then Reroll.") : null,
    marks.selecting ? h("button", { type: "button", class: "jl-btn jl-cancel", "data-cancel": "" },
      "Cancel (Esc)") : null,
  );
}

/** "Player 1", as the header and the log name the seat (the view's "P1" is notation). */
function seatName(view: View, seat: number): string {
  return spelledSeat(view.seats?.[seat] ?? `P${seat + 1}`);
}

function pveFight(view: View, marks: PanelMarks): HTMLElement {
  const c = view.combat;
  const target = c.target ? `${c.target}` : "";
  const dice: HTMLElement[] = [];
  (c.faces as number[]).forEach((count, i) => {
    for (let k = 0; k < count; ++k) dice.push(dieToken(String(i + 1), i + 1, marks, c.final_die));
  });
  for (let k = dice.length; k < c.dice; ++k) dice.push(h("span", { class: "jl-die-wrap" }, dieFace(0, 34)));
  const preparing = view.phase === "combat_prep";
  return h("div", { class: "jl-fight" },
    h("p", {}, `${seatName(view, c.attacker)} fights ${target} (strength ${c.defender_value})`
      + (c.value_card ? ` with ${cardShort(c.value_card)}` : "")),
    preparing ? null : h("div", { class: "jl-dice" }, dice,
      h("span", { class: "jl-final" }, "final", c.final_die ? dieToken("f", c.final_die, marks)
        : h("span", { class: "jl-die-wrap" }, dieFace(0, 34)))),
    h("p", { class: "jl-hint" }, preparing
      ? "Choose a value card from your hand (the closer to the foe's strength, the fewer dice), or none."
      : "The attacker wins unless the final die shows a face of the other dice."),
    marks.faceReroll ? tokenButton("btn:reroll-dice", marks, "jl-btn",
      marks.rerollFaces.size ? `Reroll the chosen dice (King)` : "Choose dice to reroll") : null,
  );
}

function dieToken(face: string, value: number, marks: PanelMarks, finalDie = 0): HTMLElement {
  const token = `face:${face}`;
  // A die showing the final die's face is what makes the attacker lose: marked in red.
  const matched = face !== "f" && finalDie === value;
  if (!marks.faceReroll) {
    return h("span", { class: `jl-die-wrap${matched ? " jl-match" : ""}` }, dieFace(value, 34));
  }
  const chosen = marks.rerollFaces.has(face);
  const el = tokenButton(token, marks, `jl-die-wrap${chosen ? " jl-selected" : ""}`, dieFace(value, 34));
  el.setAttribute("aria-pressed", String(chosen));
  return el;
}

function pvpFight(view: View): HTMLElement {
  const c = view.combat;
  const side = (i: number) => {
    const seat = i === 0 ? c.attacker : c.defender;
    const commit = c.commit[i];
    const card = commit === null ? "choosing…" : commit === "committed" ? "a hidden card"
      : commit === "none" ? "no card" : cardShort(commit);
    return h("div", { class: "jl-pvp-side" },
      h("strong", { style: { color: PLAYER_COLOURS[seat] } }, seatName(view, seat)),
      h("span", {}, ` ${i === 0 ? "attacks" : "defends"} · ${card}`),
      h("span", { class: "jl-die-wrap" }, dieFace(c.dice[i] ?? 0, 30)));
  };
  return h("div", { class: "jl-fight" }, h("p", {}, `Fight between Jacks at ${c.target}`),
    side(0), side(1),
    c.loser >= 0 ? h("p", {}, `${seatName(view, c.loser)} lost and is relocated.`) : null);
}

/** The last fight kept in one sentence, with its dice; they roll in once when it is new. */
function lastFightBlock(view: View, fresh: boolean): HTMLElement | null {
  const fight = view.lastFight as LastFight | undefined;
  // While its cost is being decided the fight is still the one shown as under way.
  if (!fight || fight.consequence === "pending") return null;
  const faces = fight.defender !== undefined ? (fight.dice as number[])
    : (fight.faces ?? []).flatMap((n, i) => Array.from({ length: n }, () => i + 1)).slice(0, 12);
  const final = fight.defender === undefined && fight.final_die ? [fight.final_die] : [];
  const die = (value: number, cls: string) =>
    h("span", { class: `jl-die-wrap ${cls}` }, dieFace(value, 24));
  return h("div", { class: `jl-last-fight${fresh ? " jl-fight-new" : ""}` },
    h("h4", {}, "Last fight"),
    h("div", { class: "jl-dice", "aria-hidden": "true" },
      faces.map((f) => die(f, "jl-roll")), final.map((f) => die(f, "jl-roll jl-final-roll"))),
    h("p", {}, fightSentence(fight, (seat) => seatName(view, seat))));
}

function heldCard(view: View, patternId: string): HTMLElement | null {
  if (view.held === undefined) return null;
  return h("div", { class: "jl-held" }, h("span", {}, "Drawn:"),
    miniCard(view.held === "hidden" ? null : view.held, patternId, 44),
    h("span", {}, view.held === "hidden" ? "a hidden card" : cardWords(view.held)));
}

function handCards(view: View, seat: number, mine: boolean, marks: PanelMarks): HTMLElement {
  const player = view.players[seat];
  const shown = (player.hand as string[]).map((card) => {
    const art = miniCard(card, marks.patternId);
    const token = `card:${card}`;
    if (mine && (marks.clickable.has(token) || marks.selected.has(token))) {
      return tokenButton(token, marks, "jl-hand-card", art);
    }
    return h("span", { class: "jl-hand-card", title: cardWords(card) }, art);
  });
  const hidden = Array.from({ length: player.hidden as number }, () =>
    h("span", { class: "jl-hand-card", title: "a private card" }, miniCard(null, marks.patternId)));
  const empty = shown.length + hidden.length === 0 ? h("span", { class: "jl-muted" }, "no cards") : null;
  return h("div", { class: "jl-hand" }, shown, hidden, empty);
}

function playerRow(view: View, seat: number, state: BoardState, marks: PanelMarks): HTMLElement {
  const p = view.players[seat];
  const mine = state.seat === seat;
  const facts = [
    p.cell ? `on ${p.cell}` : "not placed",
    p.jokers ? `${p.jokers} Joker${p.jokers > 1 ? "s" : ""}` : null,
    p.debt ? `debt ${p.debt}` : null,
    p.skip ? "skips a turn" : null,
    p.bolster ? "bolstered" : null,
    p.hindered ? "hindered" : null,
  ].filter(Boolean).join(" · ");
  const seatToken = `seat:${p.seat}`;
  const name = marks.clickable.has(seatToken)
    ? tokenButton(seatToken, marks, "jl-seat-btn", seatName(view, seat))
    : h("strong", {}, seatName(view, seat));
  return h("div", { class: `jl-player${view.to_act === seat ? " jl-acting" : ""}`,
    style: { borderColor: PLAYER_COLOURS[seat] } },
  h("div", { class: "jl-player-head" },
    h("span", { class: "jl-chip", style: { background: PLAYER_COLOURS[seat] } },
      p.jack ? `J${SUIT_SYMBOL[p.jack as SuitLetter]}` : "?"),
    name, mine ? h("span", { class: "jl-you" }, "you") : null,
    h("span", { class: "jl-facts" }, facts)),
  handCards(view, seat, mine, marks));
}

function pile(label: string, cards: string[] | number, patternId: string): HTMLElement {
  const count = typeof cards === "number" ? cards : cards.length;
  const top = typeof cards === "number" ? null : cards[cards.length - 1] ?? null;
  return h("div", { class: "jl-pile" },
    count > 0 ? miniCard(top, patternId, 32) : h("span", { class: "jl-pile-empty" }),
    h("span", {}, `${label}: ${count}`));
}

function chanceWords(text: string): string {
  const [kind, what] = text.split(" ");
  if (kind === "card" && what) return `drawn: ${cardShort(what)}`;
  if (kind === "die" && what) return `a die shows ${what}`;
  if (kind === "first" && what) return `${spelledSeat(what)} goes first`;
  return text;
}

function eventWords(state: BoardState, e: GameEvent): string {
  const view = state.view;
  const hidden = hiddenWords(e, e.text.trim());
  // The viewer's own moves are marked as the header marks the seat.
  const who = (seat: number) => `${seatName(view, seat)}${seat === state.seat ? " (you)" : ""}`;
  const words = e.player === "chance" ? hidden ?? chanceWords(e.text)
    : `${who(e.player)}: ${hidden ?? moveWords(e.text)}`;
  const fight = fightEndedBy(e, (seat) => seatName(view, seat));
  return fight ? `${words}. Fight over: ${fight}` : words;
}

export function drawPanel(state: BoardState, marks: PanelMarks): HTMLElement {
  const view = state.view;
  const recent = recentEvents(state.events);
  return h("div", { class: "jl-panel" },
    statusLine(state),
    controls(state, marks),
    view.combat ? (view.combat.defender !== undefined ? pvpFight(view) : pveFight(view, marks)) : null,
    lastFightBlock(view, marks.freshFight),
    heldCard(view, marks.patternId),
    h("div", { class: "jl-players" },
      (view.players as unknown[]).map((_, seat) => playerRow(view, seat, state, marks))),
    h("div", { class: "jl-piles" },
      pile("Main discard", view.main_discard, marks.patternId),
      pile("Scavenger deck", view.scavenger_deck, marks.patternId),
      pile("Scavenger discard", view.scavenger_discard, marks.patternId),
      pile("Guardian deck", (view.guardian_deck as string[]).length, marks.patternId),
      pile("Unseen Dungeon", view.unseen_dungeon, marks.patternId)),
    recent.length ? h("div", { class: "jl-recent-log" }, h("h4", {}, "Last moves"),
      h("ol", {}, recent.map((e) => h("li", { class: e.player === state.seat ? "jl-own" : "" },
        eventWords(state, e))))) : null,
  );
}
