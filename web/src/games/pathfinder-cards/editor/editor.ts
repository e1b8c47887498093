// The Maze Maker's build-phase editor (docs/rules/pathfinder-cards.md, "Building"): the 40 cards
// in a tray, a table to lay them on in any edge-to-edge shape, the server's live verdict on the
// design, a computer's design at a chosen difficulty, and Submit. Two ways to build:
// - "Design the maze": a free draft, sent whole as the whole-maze text once it is valid;
// - "Card by card": every card laid is played at once, as at the physical table.
import { clear, h } from "../../../core/dom";
import type { Board, BoardContext, BoardState } from "../../types";
import { cardLabel, cardName } from "./cards";
import { DIFFICULTIES, drawActions, drawTray, waitingScreen, type DifficultyId } from "./controls";
import { committedCards, type EditorMode } from "./clicks";
import { enableDrag, type DropTarget } from "./drag";
import { MazeDraft, parsePlacement } from "./draft";
import { cellKey, parseCellKey, windowAround, windowCells, type Topology } from "./geometry";
import { localVerdict, problemCells } from "./problems";
import { drawTable, slotLabel, type SlotLook } from "./table";
import "./editor.css";

type Selection = { card: string; from: "tray" | "table" } | null;

interface Verdict {
  status: "empty" | "checking" | "valid" | "invalid";
  message: string;
  /** The design text the verdict is about (Submit plays exactly this). */
  text: string;
}

const SERVER_PREFIX = /^pathfinder-cards:\s*/;

/** The server's reason, without the game prefix, and a long missing-card list summed up. */
export function readableReason(message: string): string {
  const text = message.replace(SERVER_PREFIX, "");
  const missing = /missing: (.*)$/.exec(text);
  if (!missing) return text;
  const count = missing[1].trim().split(/\s+/).length;
  return count <= 6 ? text : text.replace(/missing: .*$/, `${count} cards are still in the tray`);
}

function topologyOf(state: BoardState): Topology {
  return state.view?.board === "hex" || state.options?.board === "hex" ? "hex" : "square";
}

function observerIsMaker(state: BoardState): boolean {
  const roles = state.view?.roles;
  return roles != null && roles.maker === state.view?.observer;
}

export class MazeEditor implements Board {
  private readonly root = h("div", { class: "pfe" });
  private state: BoardState;
  private topology: Topology;
  private draft: MazeDraft;
  private mode: EditorMode = "design";
  private selection: Selection = null;
  private verdict: Verdict = { status: "empty", message: "", text: "" };
  private checkSeq = 0;
  private difficulty: DifficultyId = "medium";
  private generating = false;
  /** Single placements still to play after Submit when cards were already committed. */
  private submitQueue: string[] = [];
  private legalByCard = new Map<string, Set<string>>();
  private readonly draggedJustNow: () => boolean;
  private headerEl: HTMLElement | null = null;
  /** The table's tab stop: the slot the keyboard was last on. */
  private focusCell: string | null = null;
  private actionsEl: HTMLElement | null = null;

  constructor(host: HTMLElement, state: BoardState, private readonly ctx: BoardContext) {
    this.state = state;
    this.topology = topologyOf(state);
    this.draft = new MazeDraft(this.topology, committedCards(state));
    host.append(this.root);
    this.root.addEventListener("click", (ev) => this.onClick(ev));
    this.root.addEventListener("keydown", (ev) => this.onKey(ev));
    this.root.addEventListener("focusin", (ev) => {
      const cell = (ev.target as Element).getAttribute?.("data-cell");
      if (cell) this.focusCell = cell;
    });
    this.draggedJustNow = enableDrag(this.root, {
      canDrag: (card) => this.canDrag(card),
      start: (card) => this.select({ card, from: this.draft.cellOf(card) && this.mode === "design" ? "table" : "tray" }),
      drop: (card, target) => this.onDrop(card, target),
    });
    this.absorb(state);
    this.render();
    this.recheck();
  }

  update(state: BoardState): void {
    const before = this.state;
    this.state = state;
    this.absorb(state, before);
    this.continueSubmit();
    this.render();
    if (this.mode === "design") this.recheck();
  }

  destroy(): void {
    this.checkSeq++;
    this.root.remove();
  }

  // ---- State from the server -------------------------------------------------------------

  private absorb(state: BoardState, before?: BoardState): void {
    const committed = committedCards(state);
    const newBuild = before !== undefined && committed.size < committedCards(before).size;
    if (newBuild || topologyOf(state) !== this.topology) {
      // A new game of a match starts its build from an empty table.
      this.topology = topologyOf(state);
      this.draft = new MazeDraft(this.topology, committed);
      this.submitQueue = [];
    } else {
      this.draft.setCommitted(committed);
    }
    this.legalByCard = new Map();
    for (const move of this.canAct() ? state.legal : []) {
      const placement = parsePlacement(move);
      if (!placement) continue;
      const cells = this.legalByCard.get(placement[0]) ?? new Set<string>();
      cells.add(placement[1]);
      this.legalByCard.set(placement[0], cells);
    }
    if (this.selection && this.draft.isCommitted(this.selection.card)) this.selection = null;
  }

  private canAct(): boolean {
    return this.state.interactive && this.state.legal.length > 0 && observerIsMaker(this.state);
  }

  // ---- Live validity ---------------------------------------------------------------------

  /** Asks the server about the design (or judges it here when cards are committed). */
  private recheck(): void {
    if (!this.canAct()) return;
    const seq = ++this.checkSeq;
    const text = this.draft.wholeMazeText();
    if (this.draft.size === this.draft.committedCount) {
      this.setVerdict({ status: "empty", message: "Drag cards from the tray onto the table, or Generate a maze.", text });
      return;
    }
    if (this.draft.trayCards().length > 0) {
      // A design still short of cards is progress, not a fault: the server judges whole mazes.
      const local = localVerdict(this.draft, this.state.view?.advanced === true);
      this.setVerdict({ status: "empty", message: local.message, text });
      return;
    }
    if (this.draft.committedCount > 0) {
      // The whole-maze text is accepted only on an empty table: the rest goes card by card.
      const local = localVerdict(this.draft, this.state.view?.advanced === true);
      this.setVerdict({ status: local.ok ? "valid" : "invalid", message: local.message, text });
      return;
    }
    this.setVerdict({ status: "checking", message: "checking…", text });
    this.ctx.check(text).then(
      (result) => {
        if (seq !== this.checkSeq) return;
        this.setVerdict(result.ok
          ? { status: "valid", message: "valid", text }
          : { status: "invalid", message: readableReason(result.message ?? "refused"), text });
      },
      (err: unknown) => {
        if (seq !== this.checkSeq) return;
        this.setVerdict({ status: "invalid", message: `could not check: ${String(err)}`, text });
      },
    );
  }

  private setVerdict(verdict: Verdict): void {
    this.verdict = verdict;
    this.restyle();
  }

  private designIsSubmittable(): boolean {
    return this.verdict.status === "valid" && this.verdict.text === this.draft.wholeMazeText() &&
      this.submitQueue.length === 0;
  }

  // ---- Editing ---------------------------------------------------------------------------

  private changed(): void {
    this.selection = null;
    this.render();
    this.recheck();
  }

  private select(selection: Selection): void {
    this.selection = selection;
    this.restyle();
  }

  private canDrag(card: string): boolean {
    if (!this.canAct() || this.draft.isCommitted(card)) return false;
    return this.mode === "design" || this.draft.cellOf(card) === undefined;
  }

  private onDrop(card: string, target: DropTarget): void {
    if (target && "cell" in target) this.putOn(card, target.cell);
    else if (target && "tray" in target && this.mode === "design" && this.draft.remove(card)) this.changed();
    else this.select(null);
  }

  /** The selected (or dragged) card goes onto `cell`: a draft change, or a move played at once. */
  private putOn(card: string, cell: string): void {
    if (this.mode === "single") {
      this.playPlacement(card, cell);
      return;
    }
    if (!this.draft.place(card, cell)) {
      this.ctx.notify(`${cardLabel(this.draft.cardAt(cell) ?? card)} is already played and stays where it is.`);
      this.select(null);
      return;
    }
    this.changed();
  }

  private playPlacement(card: string, cell: string): void {
    const move = `${card}@${cell}`;
    this.select(null);
    if (this.legalByCard.get(card)?.has(cell)) {
      this.ctx.play(move);
      return;
    }
    // Ask the referee why, so the player reads the rule rather than a bare refusal.
    this.ctx.check(move).then(
      (r) => this.ctx.notify(`${cardLabel(card)} cannot go on ${cell}: ${readableReason(r.message ?? "not legal now")}`),
      () => this.ctx.notify(`${cardLabel(card)} cannot go on ${cell} now.`),
    );
  }

  private onCell(cell: string): void {
    const occupant = this.mode === "design" ? this.draft.cardAt(cell) : committedCards(this.state).get(cell);
    const sel = this.selection;
    if (sel) {
      if (sel.card === occupant) this.select(null);
      else this.putOn(sel.card, cell);
      return;
    }
    if (occupant === undefined) {
      this.ctx.notify("Choose a card in the tray first (or drag one here).");
    } else if (this.mode === "design" && !this.draft.isCommitted(occupant)) {
      this.select({ card: occupant, from: "table" });
    } else {
      this.ctx.notify(`${cardName(occupant)} is already played.`);
    }
  }

  private onTrayCard(card: string): void {
    this.select(this.selection?.card === card ? null : { card, from: "tray" });
  }

  private onAction(action: string): void {
    if (action === "return" && this.selection?.from === "table") {
      if (this.draft.remove(this.selection.card)) this.changed();
    } else if (action === "clear") {
      this.draft.clear();
      this.changed();
    } else if (action === "generate") {
      void this.generate();
    } else if (action === "submit") {
      this.submit();
    }
  }

  private async generate(): Promise<void> {
    const level = DIFFICULTIES.find((d) => d.id === this.difficulty)!;
    this.generating = true;
    this.render();
    try {
      const suggestion = await this.ctx.suggest(level.agent);
      const placements = suggestion.actions.map(parsePlacement).filter((p): p is [string, string] => p !== null);
      this.draft.load(placements.filter(([card]) => !this.draft.isCommitted(card)));
      this.mode = "design";
    } catch (err) {
      this.ctx.notify(`The computer could not design a maze: ${String(err)}`);
    } finally {
      this.generating = false;
      this.changed();
    }
  }

  private submit(): void {
    if (!this.designIsSubmittable()) return;
    if (this.draft.committedCount === 0) {
      this.ctx.play(this.verdict.text);
      return;
    }
    const placements = this.draft.placementsAfterCommitted();
    if (!placements) {
      this.ctx.notify("The cards are not all joined to the cards already played.");
      return;
    }
    this.submitQueue = placements;
    this.continueSubmit();
  }

  /** Plays the next queued placement when the server lets the Maker place again. */
  private continueSubmit(): void {
    if (this.submitQueue.length === 0 || !this.canAct()) return;
    const next = this.submitQueue[0];
    const [card, cell] = parsePlacement(next)!;
    if (this.draft.isCommitted(card)) {
      this.submitQueue.shift();
      this.continueSubmit();
      return;
    }
    if (!this.legalByCard.get(card)?.has(cell)) {
      this.submitQueue = [];
      this.ctx.notify(`${cardLabel(card)} cannot be played on ${cell} now; submission stopped.`);
      return;
    }
    this.ctx.play(next);
  }

  // ---- Input -----------------------------------------------------------------------------

  private onClick(ev: MouseEvent): void {
    if (this.draggedJustNow()) return;
    const target = ev.target as Element;
    const mode = target.closest("[data-editor-mode]")?.getAttribute("data-editor-mode");
    if (mode === "design" || mode === "single") {
      if (mode === this.mode) return;
      this.mode = mode;
      this.selection = null;
      this.render();
      if (mode === "design") this.recheck();
      return;
    }
    if (!this.canAct()) return;
    const action = target.closest("[data-editor-action]");
    if (action) {
      if (!(action as HTMLButtonElement).disabled) this.onAction(action.getAttribute("data-editor-action")!);
      return;
    }
    const trayCard = target.closest("[data-tray-card]")?.getAttribute("data-tray-card");
    if (trayCard) return this.onTrayCard(trayCard);
    const cell = target.closest("[data-cell]")?.getAttribute("data-cell");
    if (cell) this.onCell(cell);
  }

  private onKey(ev: KeyboardEvent): void {
    const target = ev.target as Element;
    if (ev.key === "Escape" && this.selection) {
      this.select(null);
      ev.preventDefault();
    } else if ((ev.key === "Delete" || ev.key === "Backspace") && this.selection?.from === "table") {
      this.onAction("return");
      ev.preventDefault();
    } else if ((ev.key === "Enter" || ev.key === " ") && target.matches("[data-cell]")) {
      // SVG slots are not <button>s: Enter and Space act like a click on them.
      ev.preventDefault();
      this.onClick({ target } as unknown as MouseEvent);
    } else if (ev.key.startsWith("Arrow") && target.matches("[data-cell]")) {
      this.moveFocus(target.getAttribute("data-cell")!, ev.key);
      ev.preventDefault();
    }
  }

  private moveFocus(cell: string, key: string): void {
    const { x, y } = parseCellKey(cell);
    const [dx, dy] = key === "ArrowLeft" ? [-1, 0] : key === "ArrowRight" ? [1, 0] : key === "ArrowUp" ? [0, -1] : [0, 1];
    const next = this.root.querySelector(`[data-cell="${cellKey(x + dx, y + dy)}"]`) as SVGElement | null;
    if (!next) return;
    this.root.querySelector(`[data-cell="${cell}"]`)?.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
  }

  // ---- Drawing ---------------------------------------------------------------------------

  private render(): void {
    const focused = document.activeElement;
    const focusKey = focused && this.root.contains(focused) ? focusSelector(focused) : null;
    clear(this.root);
    if (!observerIsMaker(this.state) && !this.state.view?.cards) {
      this.root.append(waitingScreen(Number(this.state.view?.placed ?? 0)));
      return;
    }
    const acting = this.canAct();
    this.root.classList.toggle("pfe-readonly", !acting);
    this.headerEl = acting ? this.header() : h("p", { class: "pfe-status" }, this.readonlyStatus());
    this.actionsEl = acting ? this.actions() : null;
    this.root.append(
      this.headerEl,
      h("div", { class: "pfe-table-scroll" }, this.table(acting)),
      ...(acting ? [this.tray(), this.actionsEl!] : []),
    );
    if (focusKey) (this.root.querySelector(focusKey) as HTMLElement | SVGElement | null)?.focus();
  }

  /**
   * Redraws what a selection or a verdict changes (slot and tray highlights, the status line, the
   * buttons) without rebuilding the table: clicks stay cheap and focus stays put.
   */
  private restyle(): void {
    if (!this.headerEl || !this.root.contains(this.headerEl)) return this.render();
    const look = this.slotLook();
    for (const slot of this.root.querySelectorAll("[data-cell]")) {
      const cell = slot.getAttribute("data-cell")!;
      const l = look(cell);
      // Only what changed is written: a selection touches a few slots of a hundred.
      for (const [name, on] of [["pfe-selected", l.selected], ["pfe-target", l.target], ["pfe-problem", l.problem]] as const) {
        if (slot.classList.contains(name) !== !!on) slot.classList.toggle(name, !!on);
      }
      const pressed = slot.getAttribute("aria-pressed");
      if (pressed !== null && pressed !== String(!!l.selected)) slot.setAttribute("aria-pressed", String(!!l.selected));
      const label = slotLabel(cell, l);
      if (slot.getAttribute("aria-label") !== label) slot.setAttribute("aria-label", label);
    }
    for (const button of this.root.querySelectorAll("[data-tray-card]")) {
      const pressed = String(this.selection?.card === button.getAttribute("data-tray-card"));
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    }
    if (!this.canAct()) return;
    const focused = document.activeElement;
    const focusKey = focused && this.root.contains(focused) ? focusSelector(focused) : null;
    const header = this.header();
    const actions = this.actions();
    this.headerEl.replaceWith(header);
    this.actionsEl?.replaceWith(actions);
    this.headerEl = header;
    this.actionsEl = actions;
    if (focusKey && !this.root.contains(document.activeElement)) {
      (this.root.querySelector(focusKey) as HTMLElement | null)?.focus();
    }
  }

  private readonlyStatus(): string {
    const n = committedCards(this.state).size;
    return `The Maze Maker is building the maze: ${n} of 40 cards placed.`;
  }

  private header(): HTMLElement {
    const tab = (mode: EditorMode, label: string) => h("button", {
      type: "button", class: "pfe-tab", "data-editor-mode": mode, "aria-pressed": String(this.mode === mode),
    }, label);
    return h("div", { class: "pfe-head" },
      h("div", { class: "pfe-tabs", role: "group", "aria-label": "How to build" },
        tab("design", "Design the maze"), tab("single", "Card by card")),
      this.mode === "design"
        ? h("p", { class: `pfe-status pfe-${this.verdict.status}`, "data-validity": this.verdict.status, "aria-live": "polite" },
          h("strong", {}, `${this.draft.size} of 40 placed · `),
          this.verdict.status === "valid" ? "✓ valid maze — Submit to start" : this.verdict.message)
        : h("p", { class: "pfe-status", "aria-live": "polite" },
          h("strong", {}, `${committedCards(this.state).size} of 40 played · `),
          this.selection ? `Click a highlighted place for ${cardLabel(this.selection.card)}.` :
            "Choose a card, then a place: each card is played at once.",
          this.draft.size > this.draft.committedCount ? " Your design waits under “Design the maze”." : ""));
  }

  /** The cards the table shows: the played ones in card-by-card mode, else the design. */
  private tableCards(): Map<string, string> {
    return this.mode === "single" || !this.canAct() ? committedCards(this.state) : new Map(this.draft.entries());
  }

  /** How each slot looks now: its card, the selection, the problem cells, the legal targets. */
  private slotLook(): (cell: string) => SlotLook {
    const single = this.mode === "single" || !this.canAct();
    const cards = this.tableCards();
    const problems = new Set(!single && this.verdict.status === "invalid"
      ? problemCells(this.draft, this.verdict.message, this.draft.origin()) : []);
    const targets = single && this.selection ? this.legalByCard.get(this.selection.card) ?? new Set<string>() : new Set<string>();
    const last = this.lastPlacedCell();
    return (cell: string): SlotLook => {
      const card = cards.get(cell);
      return {
        card,
        committed: card !== undefined && (single || this.draft.isCommitted(card)),
        selected: card !== undefined && this.selection?.card === card,
        problem: problems.has(cell),
        target: targets.has(cell),
        last: cell === last,
      };
    };
  }

  private table(acting: boolean): SVGSVGElement {
    const cards = this.tableCards();
    // Legal targets always touch a played card (or lie in the empty table's window).
    const cellWindow = windowAround(cards.keys(), this.mode === "single" || !acting || this.draft.committedCount > 0);
    const cells = windowCells(cellWindow);
    const tabStop = this.focusCell && cells.includes(this.focusCell) ? this.focusCell
      : cells.find((cell) => cards.has(cell)) ?? cells[Math.floor(cells.length / 2)];
    return drawTable({
      window: cellWindow,
      topology: this.topology,
      look: this.slotLook(),
      interactive: acting,
      tabStop,
      label: `The table: ${cards.size} cards. Arrow keys move between places; Enter picks up or puts down.`,
    });
  }

  /** The cell of the last card the Maker played, from the event log (highlighted). */
  private lastPlacedCell(): string | undefined {
    const events = this.state.events ?? [];
    for (let i = events.length - 1; i >= 0; --i) {
      const placement = parsePlacement(events[i].text);
      if (placement) return placement[1];
      if (events[i].player !== "chance") return undefined;
    }
    return undefined;
  }

  private tray(): HTMLElement {
    const onTable = this.mode === "single"
      ? new Set(committedCards(this.state).values())
      : new Set(this.draft.entries().map(([, card]) => card));
    return drawTray(onTable, this.selection?.card);
  }

  private actions(): HTMLElement {
    return drawActions({
      design: this.mode === "design",
      difficulty: this.difficulty,
      onDifficulty: (id) => (this.difficulty = id),
      generating: this.generating,
      canReturn: this.selection?.from === "table",
      canClear: this.draft.size > this.draft.committedCount,
      submittable: this.designIsSubmittable(),
      submitting: this.submitQueue.length > 0,
      reason: this.verdict.message,
    });
  }
}

/** A selector finding the same control after a redraw (keyboard focus survives every change). */
function focusSelector(el: Element): string | null {
  for (const attr of ["data-cell", "data-tray-card", "data-editor-action", "data-editor-mode"]) {
    const value = el.getAttribute(attr);
    if (value !== null) return `[${attr}="${value}"]`;
  }
  return el.classList.contains("pfe-difficulty") ? ".pfe-difficulty" : null;
}
