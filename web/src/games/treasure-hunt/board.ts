// The Treasure Hunt board: draws a state (board-svg.ts, panel.ts) and turns clicks, drags and keys
// into the engine's notation. A swap is two clicks (the first card stays selected, its partners
// ringed; click it again or press Escape to cancel) or one drag; a step is one click on the card
// next to the pawn. Only moves in `state.legal` are ever played.
/// <reference types="vite/client" />
import { clear, h } from "../../core/dom";
import type { Board, BoardContext, BoardState, View } from "../types";
import { drawBoard, describeCard, type DrawnBoard } from "./board-svg";
import { chainPath, chainRules } from "./chain";
import { cellName, isTurned, moveCell, onBoard, parseCell, screenCell, type Direction } from "./geometry";
import { lastTurns } from "./history";
import { buildMoveModel, pairKey, swapCells, type MoveModel } from "./moves";
import { describeTurn } from "./turn-words";
import { mapKey, scoreStrip, scoreWords, seatName, statusText, treasureText } from "./panel";
import "./treasure-hunt.css";

const ARROW_KEYS: Record<string, Direction> = { ArrowUp: "up", ArrowRight: "right", ArrowDown: "down", ArrowLeft: "left" };

/** The computer player asked for a hint: the game's own agent, quick (docs/rules/treasure-hunt.md). */
const HINT_AGENT = "greedy";

/** How far (in CSS pixels) a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 6;

export class TreasureHuntBoard implements Board {
  private readonly root: HTMLDivElement;
  private state: BoardState;
  private model: MoveModel;
  private drawn: DrawnBoard | null = null;
  private selected: string | null = null;
  private drag: { from: string; x: number; y: number; moved: boolean } | null = null;
  private readonly onDocumentKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && this.selected) this.select(null);
  };

  constructor(host: HTMLElement, state: BoardState, private readonly ctx: BoardContext) {
    this.root = h("div", { class: "th-board" });
    host.append(this.root);
    document.addEventListener("keydown", this.onDocumentKey);
    this.root.addEventListener("pointerup", (event) => this.endDrag(event));
    this.root.addEventListener("pointermove", (event) => this.moveDrag(event));
    this.root.addEventListener("keydown", (event) => this.moveFocus(event));
    this.state = state;
    this.model = buildMoveModel(state);
    this.render();
  }

  update(state: BoardState): void {
    const turnChanged = state.version !== this.state.version;
    this.state = state;
    this.model = buildMoveModel(state);
    if (turnChanged || (this.selected && !this.model.partners.has(this.selected))) this.selected = null;
    this.render();
  }

  destroy(): void {
    document.removeEventListener("keydown", this.onDocumentKey);
    this.root.remove();
  }

  private render(): void {
    const focused = (document.activeElement as Element | null)?.getAttribute?.("data-cell");
    const state = this.state;
    const rules = chainRules(state.view, state.options);
    const turned = isTurned(state.seat);
    const traces = lastTurns(state);
    this.drawn = drawBoard({ view: state.view, turned, model: this.model, rules, traces });
    for (const [cell, card] of this.drawn.cards) this.wireCard(cell, card);
    clear(this.root);
    this.root.append(
      scoreStrip(state),
      h("div", { class: "th-status-row" },
        h("p", { class: "th-status", role: "status" }, statusText(state)),
        this.model.swaps.size + this.model.steps.size > 0 &&
          h("button", { type: "button", class: "th-hint-button", "data-hint": "", onclick: () => this.hint() }, "Hint")),
      h("div", { class: "th-table" },
        h("div", { class: "th-grid-host" }, this.drawn.svg),
        h("aside", { class: "th-aside" },
          mapKey(rules, turned),
          h("p", { class: "th-treasure-text" }, treasureText(state.view)),
          traces.length > 0 && h("div", { class: "th-last-turns" }, h("h3", {}, "Last turns"),
            h("ul", {}, traces.map((trace) =>
              h("li", { "data-seat": trace.player }, describeTurn(trace, state.view, state.seat))))))),
    );
    this.paintSelection();
    if (focused) (this.drawn.cards.get(focused) as unknown as HTMLElement | undefined)?.focus();
  }

  /** Makes a card clickable, focusable and draggable when it takes part in a legal move. */
  private wireCard(cell: string, card: SVGGElement): void {
    const code = card.getAttribute("data-card") ?? "";
    const step = this.model.steps.get(cell);
    const swappable = this.model.partners.has(cell);
    card.prepend(Object.assign(document.createElementNS("http://www.w3.org/2000/svg", "title"), {
      textContent: describeCard(code, cell),
    }));
    if (!step && !swappable) {
      if (this.state.interactive && this.state.legal.length > 0) {
        card.addEventListener("click", () => this.ctx.notify(whyNotPlayable(this.state.view, cell, code)));
      }
      return;
    }
    card.classList.add(step ? "th-step-target" : "th-swappable");
    card.setAttribute("tabindex", "0");
    card.setAttribute("role", "button");
    card.setAttribute("aria-label", step ? this.stepLabel(cell) : `${describeCard(code, cell)}: swap`);
    card.addEventListener("click", () => this.activate(cell));
    card.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      this.activate(cell);
    });
    if (step) {
      const show = (on: boolean) => this.drawn?.previews.get(cell)?.classList.toggle("th-preview-shown", on);
      card.addEventListener("pointerenter", () => show(true));
      card.addEventListener("pointerleave", () => show(false));
      card.addEventListener("focus", () => show(true));
      card.addEventListener("blur", () => show(false));
    } else {
      card.addEventListener("pointerdown", (event) => {
        this.drag = { from: cell, x: event.clientX, y: event.clientY, moved: false };
      });
    }
  }

  /** "Step onto 6♦ at c2: the cards carry the pawn to c5, scoring the treasure" (no direction words:
   *  the notation's "up" is down on Purple's screen). */
  private stepLabel(cell: string): string {
    const view = this.state.view;
    const target = parseCell(cell)!;
    const path = chainPath(view.board, target, view.treasure, chainRules(view, this.state.options));
    const stop = path[path.length - 1];
    const carried = cellName(stop) === cell ? "the pawn stays there" : `the cards carry the pawn to ${cellName(stop)}`;
    const scores = view.board[stop.row][stop.col] === view.treasure ? ", scoring the treasure" : "";
    return `Step onto ${describeCard(view.board[target.row][target.col], cell)}: ${carried}${scores}`;
  }

  /** A click (or Enter) on a card: step there, or pick / complete / cancel a swap. */
  private activate(cell: string): void {
    const step = this.model.steps.get(cell);
    if (step) return this.play(step);
    if (this.selected === cell) return this.select(null);
    if (this.selected) {
      const swap = this.model.swaps.get(pairKey(this.selected, cell));
      if (swap) return this.play(swap);
    }
    if (this.model.partners.has(cell)) return this.select(cell);
  }

  /** Asks the game's own computer player what it would play here, and shows it on the board. */
  private async hint(): Promise<void> {
    const version = this.state.version;
    let advice: string | undefined;
    try {
      advice = (await this.ctx.suggest(HINT_AGENT)).actions[0];
    } catch (error) {
      this.ctx.notify(`No hint: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (this.state.version !== version || !advice) return;
    const pair = swapCells(advice, this.state.view);
    const cells = pair ?? [...this.model.steps].filter(([, move]) => move === advice).map(([cell]) => cell);
    for (const [cell, card] of this.drawn?.cards ?? []) card.classList.toggle("th-hint", cells.includes(cell));
    this.ctx.notify(pair ? `Hint: swap ${describeCard(advice.split("-")[0], pair[0])} with ${
      describeCard(advice.split("-")[1], pair[1])}.` : `Hint: step onto ${cells[0]}.`);
  }

  private play(move: string): void {
    this.selected = null;
    this.paintSelection();
    this.ctx.play(move);
  }

  private select(cell: string | null): void {
    this.selected = cell;
    this.paintSelection();
  }

  /** Rings the selected card and its possible partners; dims the cards it cannot swap with. */
  private paintSelection(): void {
    const partners = new Set(this.selected ? this.model.partners.get(this.selected) ?? [] : []);
    this.root.classList.toggle("th-selecting", this.selected !== null);
    for (const [cell, card] of this.drawn?.cards ?? []) {
      card.classList.toggle("th-selected", cell === this.selected);
      card.classList.toggle("th-partner", partners.has(cell));
      if (card.hasAttribute("role")) {
        card.setAttribute("aria-pressed", String(cell === this.selected));
      }
    }
    const status = this.root.querySelector(".th-status");
    if (status && this.selected) {
      const code = this.drawn?.cards.get(this.selected)?.getAttribute("data-card") ?? "";
      status.textContent = `${describeCard(code, this.selected)} selected: click a ringed card to swap with it, or click it again to cancel.`;
    } else if (status) {
      status.textContent = statusText(this.state);
    }
  }

  /** Arrow keys move the focus to the next playable card that way on the screen. */
  private moveFocus(event: KeyboardEvent): void {
    const dir = ARROW_KEYS[event.key];
    const from = parseCell((event.target as Element | null)?.getAttribute?.("data-cell"));
    if (!dir || !from || !this.drawn) return;
    const turned = isTurned(this.state.seat);
    const onScreen = screenCell(from, turned);
    for (let distance = 1; distance < 5; ++distance) {
      const next = moveCell(onScreen, dir, distance);
      if (!onBoard(next)) return;
      const card = this.drawn.cards.get(cellName(screenCell(next, turned)));
      if (card?.hasAttribute("tabindex")) {
        event.preventDefault();
        (card as unknown as HTMLElement).focus();
        return;
      }
    }
  }

  private moveDrag(event: PointerEvent): void {
    if (!this.drag || this.drag.moved) return;
    if (Math.hypot(event.clientX - this.drag.x, event.clientY - this.drag.y) < DRAG_THRESHOLD) return;
    this.drag.moved = true;
    this.select(this.drag.from);
  }

  /** A drag that ends on a partner card swaps the two; anywhere else it leaves the selection. */
  private endDrag(event: PointerEvent): void {
    const drag = this.drag;
    this.drag = null;
    if (!drag?.moved) return;
    const under = document.elementFromPoint?.(event.clientX, event.clientY)?.closest("[data-cell]");
    const target = under?.getAttribute("data-cell");
    const swap = target ? this.model.swaps.get(pairKey(drag.from, target)) : undefined;
    if (swap) this.play(swap);
  }
}

/** Why a card the mover clicked takes part in no legal move, in the rules' words. */
function whyNotPlayable(view: View, cell: string, code: string): string {
  if (view?.phase === "step") return "Now step: click a card next to your pawn.";
  const name = describeCard(code, cell);
  if ((view?.pawns ?? []).includes(cell)) return `${name} carries a pawn: it cannot be swapped (rule 2).`;
  if (view?.treasure === code) return `${name} carries the Treasure Marker: it cannot be swapped (rule 2).`;
  if ((view?.locked ?? []).includes(code)) {
    return `${name} was swapped by your opponent on the prior turn: it cannot be moved now (rule 3).`;
  }
  return `${name} cannot be swapped now.`;
}

export function seatSummary(state: BoardState, seat: number): string {
  const view = state.view;
  return `${seatName(view, seat)} · ${scoreWords(Number(view?.scores?.[seat] ?? 0))}`;
}
