// Beside the board: what lies in front of each player (health die, artifacts, suit-up coins in
// hand), the status line in words, and the labels of the move buttons.
import { h, s } from "../../core/dom";
import type { BoardState, View } from "../types";
import { type CombatSide, combatSentence, type LastCombat, type MonsterSide } from "./combat";
import { spelledSeat } from "../seat-names";
import type { BoardModel, PlayerInfo } from "./model";
import { die, numberCoin, suitCoin, suitColour, suitSymbol } from "./pieces";

/** "Player 1", as the header and the log name the seat, "(you)" for the viewer's own. */
function seatName(model: BoardModel, seat: string | null | undefined, observer: number | null): string {
  if (!seat) return "?";
  const p = model.players.find((q) => q.seat === seat);
  return `${spelledSeat(seat)}${p && p.index === observer ? " (you)" : ""}`;
}

/** One line saying what is happening, in words. */
export function statusText(state: BoardState, model: BoardModel): string {
  const v = state.view;
  const who = (seat: string | null | undefined) => seatName(model, seat, state.seat);
  const turn = v.turn ?? {};
  switch (v.phase) {
    case "first": return "Set-up: drawing who goes first.";
    case "suit": return `Set-up: ${who(v.to_act)} chooses a suit.`;
    case "extraSuit": return "Set-up: drawing the extra suit of number coins.";
    case "walls": return `Set-up: ${who(v.to_act)} places a wall (${v.walls.length} on the board, ${v.unplaced_pieces.length} left).`;
    case "tiles": return `Set-up: ${who(v.to_act)} moves a tile (${v.tiles_moved ?? 0} of 12 moved).`;
    case "control": return `Set-up: ${who(v.to_act)} puts a control coin ${model.tilesBoard ? "into a hole" : "on a wall"}.`;
    case "coins": return `Set-up: the number coins go on the board (${v.coins_to_deal ?? 0} left).`;
    case "coinSuits": return "Set-up: the coins' suits are dealt face down.";
    case "wallAction":
      return turn.forced_wall
        ? `${who(turn.mover)} must move ${model.tilesBoard ? "the hole at" : "wall"} ${turn.forced_wall}.`
        : `${who(turn.mover)}: move a wall, put coins on one, or pass.`;
    case "move": return `${who(turn.mover)} moves: ${turn.steps_left} step${turn.steps_left === 1 ? "" : "s"} left.`;
    case "block": return `${who(turn.blocker)}: block ${who(turn.mover)} or let them pass?`;
    case "pvpRoll": return `Combat: ${who(turn.mover)} against ${who(turn.blocker)}.`;
    case "monsterRoll": return `${who(turn.mover)} fights the monster on ${turn.target}.`;
    case "rolloff": return "Roll-off between the players who exited.";
    case "over": {
      const winners: string[] = v.winners ?? [];
      return winners.length ? `Game over: ${winners.map(who).join(" and ")} won.` : "Game over: nobody won.";
    }
    default: return String(v.phase);
  }
}

/** The words on a move button. */
export function buttonLabel(move: string, view: View, model: BoardModel): string {
  const m = /^coin ([A-Z])$/i.exec(move);
  if (m) {
    const wall = model.walls.find((w) => w.id === m[1].toUpperCase());
    const count = wall && wall.owner ? wall.coins + 1 : 1;
    const from = wall?.owner ? ` (take it from ${spelledSeat(wall.owner)})` : "";
    return `Put ${count} coin${count > 1 ? "s" : ""} on wall ${m[1].toUpperCase()}${from}`;
  }
  switch (move) {
    case "pass": return "No wall action";
    case "recover": return `Take back your coins from ${view.turn?.forced_wall ?? "the wall"}`;
    case "stop": return "Stop here";
    case "block": return "Block";
    case "allow": return "Let them pass";
    default: return move.charAt(0).toUpperCase() + move.slice(1);
  }
}

/** The values of the artifacts a player found (the view lists them as "Suit-value"). */
function artifactValues(view: View, p: PlayerInfo): number[] {
  const found: string[] = view.artifacts_found ?? [];
  return found.filter((f) => p.suit && f.startsWith(`${p.suit}-`)).map((f) => Number(f.split("-")[1]));
}

function playerCard(p: PlayerInfo, state: BoardState, model: BoardModel): HTMLElement {
  const colour = suitColour(p.suit);
  const toAct = state.view.to_act === p.seat;
  const status = !p.alive ? "dead" : p.exited ? "exited" : toAct ? "to act" : "";
  const tiny = (child: SVGElement, label: string) =>
    s("svg", { viewBox: "-16 -16 32 32", width: 22, height: 22, role: "img", "aria-label": label }, child);
  return h("li", { class: `mm-player${toAct ? " mm-to-act" : ""}${p.alive ? "" : " mm-dead"}`, "data-seat": p.index },
    h("span", { class: "mm-player-name", style: { color: colour } },
      p.suit ? tiny(suitSymbol(p.suit, 0, 0, 12), p.suit) : null,
      seatName(model, p.seat, state.seat),
      p.suit ? h("small", { class: "mm-player-suit" }, ` · ${p.suit}`) : null),
    die(p.health, 26, colour, `health ${p.health}`),
    h("span", { class: "mm-artifacts", title: `${p.artifacts} of 3 artifacts` },
      h("span", { class: "mm-caption" }, "artifacts"),
      artifactValues(state.view, p).map((value) => tiny(numberCoin(0, 0, 13, value, p.suit ?? undefined), `artifact ${value}`)),
      `${p.artifacts}/3`),
    h("span", { class: "mm-hand", title: `${p.coinsInHand} suit-up coin${p.coinsInHand === 1 ? "" : "s"} in hand` },
      h("span", { class: "mm-caption" }, "coins"),
      Array.from({ length: p.coinsInHand }, () => tiny(suitCoin(0, 0, 13, p.suit), "coin in hand")),
      p.coinsInHand === 0 ? "0" : null),
    status ? h("span", { class: "mm-player-status" }, status) : null,
  );
}

/** The dice of the last combat: the fighter's, then the blocker's or the monster's coin. */
function combatDice(c: LastCombat, model: BoardModel): HTMLElement {
  const dieOf = (side: CombatSide) => {
    const suit = model.players.find((p) => p.seat === side.seat)?.suit;
    return die(side.die, 24, suitColour(suit), `${spelledSeat(side.seat)}'s die shows ${side.die}`);
  };
  const opponent = c.kind === "monster"
    ? s("svg", { viewBox: "-16 -16 32 32", width: 24, height: 24, role: "img", "aria-label": "the monster" },
      numberCoin(0, 0, 13, (c.opponent as MonsterSide).monster))
    : dieOf(c.opponent as CombatSide);
  return h("span", { class: "mm-combat-dice", "aria-hidden": "true" }, dieOf(c.fighter), "vs", opponent);
}

/** The last combat in one sentence beside its dice; `fresh`: a combat just resolved (the dice roll). */
export function combatBlock(state: BoardState, model: BoardModel, fresh = false): HTMLElement | null {
  const c: LastCombat | null = state.view.lastCombat ?? null;
  if (!c) return null;
  return h("div", { class: `mm-combat${fresh ? " mm-combat-new" : ""}` },
    combatDice(c, model),
    h("p", { class: "mm-combat-text" }, `Last combat: ${combatSentence(c)}`));
}

export function playersPanel(state: BoardState, model: BoardModel, freshCombat = false): HTMLElement {
  const v = state.view;
  const found: string[] = v.artifacts_found ?? [];
  return h("div", { class: "mm-panel" },
    h("ol", { class: "mm-players" }, model.players.map((p) => playerCard(p, state, model))),
    h("p", { class: "mm-facts" },
      `Round ${v.round_limit ? `${Math.min(v.round, v.round_limit)} of ${v.round_limit}` : v.round}.`,
      found.length ? ` Artifacts found: ${found.map((f) => f.replace("-", " ")).join(", ")}.` : ""),
    combatBlock(state, model, freshCombat),
  );
}
