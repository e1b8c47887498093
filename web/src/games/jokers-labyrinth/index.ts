// The Joker's Labyrinth board: the Dungeon (board.ts) and the panel beside it (panel.ts), driven
// by the click machine of paths.ts. Every legal decision is a click path: a cell next to the Jack
// (reveal, move, fight), a hand card then its target (Boost, Portal, Aces, Queens), a button for
// decisions without a place (end, scavenge, keep, debt…), and dice toggles for a King's reroll.
import "./jokers-labyrinth.css";
import { clear, h } from "../../core/dom";
import type { Board, BoardContext, BoardState, GameUI } from "../types";
import { drawDungeon } from "./board";
import { describeEvent } from "./event-words";
import { fightKey } from "./fight";
import { jokersMotions } from "./motion";
import { cardWords, type SuitLetter, SUIT_WORD } from "./notation";
import { drawPanel } from "./panel";
import { clicksFor, isFaceReroll, PathIndex, type Token } from "./paths";
import { RecentChanges } from "./recent";
import { moveWords } from "./words";
import { resultLine } from "./result";
import { spelledSeat } from "../seat-names";
import { diagrams } from "./diagrams";

let boardCount = 0;

/** The text of a PvE reroll of the chosen faces: digits ascending, then `f` for the final die. */
function faceRerollText(faces: Set<string>): string {
  const digits = [..."123456"].filter((f) => faces.has(f)).join("");
  return `reroll ${digits}${faces.has("f") ? "f" : ""}`;
}

function tokenWords(token: string): string {
  const [kind, value] = [token.slice(0, token.indexOf(":")), token.slice(token.indexOf(":") + 1)];
  switch (kind) {
    case "cell": return `Choose ${value}`;
    case "card": return `Choose ${cardWords(value)}`;
    case "seat": return `Choose ${spelledSeat(value)}'s Jack`;
    case "suit": return `Take the Jack of ${SUIT_WORD[value as SuitLetter]}`;
    case "face": return value === "f" ? "Reroll the final die" : `Reroll the ${value}s`;
    case "btn": return value === "reroll-dice" ? "Reroll the chosen dice" : moveWords(value);
    default: return token;
  }
}

class JokersLabyrinthBoard implements Board {
  private readonly root = h("div", { class: "jl-root" });
  private readonly patternId = `jl-back-${++boardCount}`;
  private readonly recent = new RecentChanges();
  /** Dungeon cells kept between redraws (a click redraws only what it changes). */
  private readonly cellCache = new Map<string, { signature: string; el: SVGGElement }>();
  private prefix: Token[] = [];
  private rerollFaces = new Set<string>();
  private index: PathIndex;
  /** The last fight drawn, and whether the next draw is the first to show a new one. */
  private fightSeen: string;
  private freshFight = false;

  constructor(host: HTMLElement, private state: BoardState, private readonly ctx: BoardContext) {
    host.append(this.root);
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.index = this.buildIndex(state);
    this.recent.observe(state);
    this.fightSeen = fightKey(state.view?.lastFight);
    this.draw();
  }

  update(state: BoardState): void {
    this.state = state;
    this.index = this.buildIndex(state);
    this.recent.observe(state);
    const fight = fightKey(state.view?.lastFight);
    this.freshFight = fight !== "" && fight !== this.fightSeen;
    this.fightSeen = fight;
    // Keep the clicks so far while they still lead to a legal move (e.g. a spectator's update).
    const step = this.index.at(this.prefix);
    if (step.next.size === 0 && step.complete.length === 0) this.prefix = [];
    if (!state.legal.some(isFaceReroll)) this.rerollFaces.clear();
    this.draw();
  }

  destroy(): void {
    this.root.remove();
  }

  private buildIndex(state: BoardState): PathIndex {
    return new PathIndex(state.interactive ? state.legal : [], state);
  }

  private faceRerollOpen(): boolean {
    return this.state.interactive && this.state.legal.some(isFaceReroll);
  }

  /** The tokens clickable now: the path machine's next steps plus the reroll toggles. */
  private clickable(): Set<Token> {
    const next = new Set(this.index.at(this.prefix).next);
    if (this.faceRerollOpen()) {
      for (const move of this.state.legal.filter(isFaceReroll)) {
        for (const f of move.slice("reroll ".length)) next.add(`face:${f}`);
      }
      if (this.state.legal.includes(faceRerollText(this.rerollFaces))) next.add("btn:reroll-dice");
    }
    return next;
  }

  private label(token: Token): string {
    const decided = this.index.decided([...this.prefix, token]);
    return decided ? moveWords(decided) : tokenWords(token);
  }

  private draw(): void {
    const focused = (document.activeElement as Element | null)?.getAttribute?.("data-key") ?? null;
    const step = this.index.at(this.prefix);
    const clickable = this.clickable();
    const selected = new Set(this.prefix);
    const label = (t: Token) => this.label(t);
    const menu = this.prefix.length > 0 && step.complete.length > 0 ? step.complete : [];
    clear(this.root);
    this.root.append(
      h("div", { class: "jl-board-wrap" }, drawDungeon(this.state.view, {
        patternId: this.patternId, clickable, selected, recent: this.recent.cells(this.state), label,
        cache: this.cellCache,
      })),
      drawPanel(this.state, {
        patternId: this.patternId, clickable, selected, rerollFaces: this.rerollFaces, menu,
        selecting: this.prefix.length > 0 || this.rerollFaces.size > 0,
        faceReroll: this.faceRerollOpen(), freshFight: this.freshFight, label,
      }),
    );
    this.freshFight = false;  // the dice roll in once, not on every click's redraw
    if (focused) {
      const again = this.root.querySelector<HTMLElement | SVGElement>(`[data-key="${focused.replace(/"/g, '\\"')}"]`);
      again?.focus?.();
    }
  }

  private play(move: string): void {
    this.prefix = [];
    this.rerollFaces.clear();
    this.draw();
    this.ctx.play(move);
  }

  private cancel(): void {
    this.prefix = [];
    this.rerollFaces.clear();
    this.draw();
  }

  private onToken(token: Token): void {
    const at = this.prefix.indexOf(token);
    if (at >= 0) {
      this.prefix = this.prefix.slice(0, at);
      this.draw();
      return;
    }
    if (token.startsWith("face:")) {
      const face = token.slice(5);
      if (this.rerollFaces.has(face)) this.rerollFaces.delete(face);
      else this.rerollFaces.add(face);
      this.draw();
      return;
    }
    if (token === "btn:reroll-dice") {
      this.play(faceRerollText(this.rerollFaces));
      return;
    }
    const prefix = [...this.prefix, token];
    const decided = this.index.decided(prefix);
    if (decided) {
      this.play(decided);
      return;
    }
    this.prefix = prefix;
    this.draw();
  }

  private onClick(e: Event): void {
    if (!this.state.interactive) return;
    const el = (e.target as Element).closest("[data-key], [data-move], [data-cancel]");
    if (!el || !this.root.contains(el)) return;
    if (el.hasAttribute("data-cancel")) return this.cancel();
    const move = el.getAttribute("data-move");
    if (move !== null) {
      if (this.state.legal.includes(move)) this.play(move);
      return;
    }
    const token = el.getAttribute("data-key")!;
    if (this.clickable().has(token) || this.prefix.includes(token)) this.onToken(token);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === "Escape") {
      if (this.prefix.length > 0 || this.rerollFaces.size > 0) this.cancel();
      return;
    }
    if (e.key !== "Enter" && e.key !== " ") return;
    const el = e.target as Element;
    if (el instanceof HTMLButtonElement || el.getAttribute("role") !== "button") return;
    e.preventDefault();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
}

export const jokersLabyrinthUI: GameUI = {
  id: "jokers-labyrinth",
  diagrams,
  createBoard: (host, state, ctx) => new JokersLabyrinthBoard(host, state, ctx),
  clicksFor,
  seatSummary(state, seat) {
    const p = state.view?.players?.[seat];
    if (!p) return "";
    const jack = p.jack ? `Jack of ${SUIT_WORD[p.jack as SuitLetter]}` : "no Jack yet";
    return `${jack} · ${p.jokers} Joker${p.jokers === 1 ? "" : "s"} · ${p.hand_size} card${p.hand_size === 1 ? "" : "s"}`;
  },
  describeEvent,
  resultLine,
  motions: jokersMotions,
};
