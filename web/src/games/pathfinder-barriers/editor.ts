// The set-up editor (the design phase): click a square for the short pawn, click a groove to stand
// a chip in it or lift it out, see the chips left and whether the grid is valid (asked of the
// server with the whole-grid text: its reason is shown when it is not), let the computer generate
// a grid, then "Done" sends the whole grid as one text. "Lock in" sends the pieces placed so far as
// single set-up decisions without finishing (they then survive a reload, and cannot move again).
import { clear, h } from "../../core/dom";
import type { BoardContext, CheckResult } from "../types";
import { Design } from "./design";
import { keepingFocus } from "./focus";
import type { Target } from "./grid-svg";
import { allSlots, allSquares, slotName, squareName, type HomeGrid } from "./notation";

type Verdict =
  | { kind: "no-pawn" }
  | { kind: "checking" }
  | { kind: "valid" }
  | { kind: "invalid"; message: string };

export const EDITOR_DONE = '[data-editor="done"]';
export const EDITOR_LOCK = '[data-editor="lock"]';

export class SetupEditor {
  readonly design: Design;
  private verdict: Verdict = { kind: "no-pawn" };
  private pendingCheck: Promise<CheckResult> | null = null;
  private checkSerial = 0;
  private generating: string | null = null;
  private readonly toolbarEl = h("div", { class: "pfb-editor", role: "group", "aria-label": "Home grid editor" });
  private maxChips: number;
  readonly seat: number;

  constructor(
    committed: HomeGrid | null,
    maxChips: number,
    seat: number,
    private readonly ctx: BoardContext,
    private readonly redraw: () => void,
  ) {
    this.design = new Design(committed);
    this.maxChips = maxChips;
    this.seat = seat;
    this.revalidate();
  }

  /** A new server state during the same set-up: fixed pieces may have changed. */
  rebase(committed: HomeGrid | null, maxChips: number): void {
    this.maxChips = maxChips;
    this.design.rebase(committed);
    this.revalidate();
  }

  /** The clickable squares and grooves of the home grid. */
  targets(): Target[] {
    const d = this.design;
    const squares: Target[] = allSquares().map((sq) => {
      const name = squareName(sq);
      return {
        kind: "square",
        name,
        selected: d.pawn === name,
        label: d.pawn === name ? `Square ${name}: your pawn is here` : `Square ${name}: put your pawn here`,
        activate: () => this.clickSquare(name),
      };
    });
    const slots: Target[] = allSlots().map((slot) => {
      const name = slotName(slot);
      const has = d.chips.has(name);
      return {
        kind: "slot",
        name,
        selected: has,
        label: `${slotWords(name)}: ${has ? "remove the chip" : "place a chip"}`,
        activate: () => this.clickSlot(name),
      };
    });
    return [...squares, ...slots];
  }

  /** Escape undoes the last change of the design. */
  onKey(event: KeyboardEvent): void {
    if (event.key === "Escape" && this.design.undo()) this.changed();
  }

  /** The editor's controls; refilled in place when only the verdict or a button's state changes. */
  toolbar(): HTMLElement {
    keepingFocus(this.toolbarEl, () => {
      clear(this.toolbarEl);
      this.toolbarEl.append(...this.controls());
    });
    return this.toolbarEl;
  }

  private controls(): HTMLElement[] {
    const d = this.design;
    const used = d.chips.size;
    const busy = this.generating !== null;
    const button = (id: string, label: string, onclick: () => void, title: string, disabled = false) =>
      h("button", { type: "button", "data-editor": id, class: `pfb-button pfb-${id}`, onclick, title, disabled: disabled || busy },
        label);
    return [
      h("p", { class: "pfb-counter" },
        h("strong", {}, String(used)), ` chip${used === 1 ? "" : "s"} placed · `,
        h("strong", {}, String(Math.max(0, this.maxChips - used))), " left"),
      this.verdictLine(),
      h("div", { class: "pfb-buttons" },
        button("generate", this.generating === "builder" ? "Generating…" : "Generate",
          () => void this.generate("builder"), "the computer builds a grid for you (you can still change it)"),
        button("generate-harder", this.generating === "maker" ? "Generating…" : "Generate harder",
          () => void this.generate("maker"), "a grid the computer's seeker finds hardest (takes a few seconds)"),
        button("clear", "Clear", () => this.clear(), "lift out every chip not yet locked in", !d.hasPending()),
        button("lock", "Lock in", () => void this.lockIn(),
          "send the pieces placed so far (they can no longer be moved), without finishing", !d.hasPending()),
        button("done", "Done", () => void this.done(), "send this grid and finish your set-up")),
    ];
  }

  private verdictLine(): HTMLElement {
    const v = this.verdict;
    const line = (cls: string, text: string) => h("p", { class: `pfb-verdict ${cls}`, role: "status", "aria-live": "polite" }, text);
    if (v.kind === "no-pawn") return line("pfb-verdict-todo", "Place your short pawn: click a square.");
    if (v.kind === "checking") return line("pfb-verdict-checking", "Checking the grid…");
    if (v.kind === "valid") return line("pfb-verdict-ok", "✓ Valid: a route leads from column 1 to your pawn.");
    return line("pfb-verdict-bad", `✗ Not valid: ${v.message}`);
  }

  private clickSquare(name: string): void {
    if (!this.design.placePawn(name)) {
      this.ctx.notify(`Your pawn is already locked in on ${this.design.committedPawn}.`);
      return;
    }
    this.changed();
  }

  private clickSlot(name: string): void {
    const d = this.design;
    if (d.isCommitted(name)) {
      this.ctx.notify(`The chip in ${slotWords(name).toLowerCase()} is locked in.`);
      return;
    }
    if (!d.chips.has(name) && d.chips.size >= this.maxChips) {
      this.ctx.notify(`All ${this.maxChips} chips are in use: lift one out first.`);
      return;
    }
    d.toggleChip(name);
    this.changed();
  }

  private clear(): void {
    this.design.clear();
    this.changed();
  }

  private changed(): void {
    this.revalidate();
    this.redraw();
  }

  /** Asks the server about the whole grid; only the answer to the latest design is kept. */
  private revalidate(): void {
    const text = this.design.wholeText();
    const serial = ++this.checkSerial;
    if (!text) {
      this.verdict = { kind: "no-pawn" };
      this.pendingCheck = null;
      return;
    }
    this.verdict = { kind: "checking" };
    const check = this.ctx.check(text).catch((err): CheckResult => ({ ok: false, message: String(err?.message ?? err) }));
    this.pendingCheck = check;
    void check.then((result) => {
      if (serial !== this.checkSerial) return;
      this.verdict = result.ok ? { kind: "valid" } : { kind: "invalid", message: reason(result.message) };
      this.toolbar();
    });
  }

  /** Plays `text` once the design it stands for is known to be valid. */
  private async submit(text: string): Promise<void> {
    const check = this.pendingCheck;
    if (!check) {
      this.ctx.notify("Place your short pawn first: click a square.");
      return;
    }
    const result = await check;
    if (!result.ok) {
      this.ctx.notify(`This grid is not valid: ${reason(result.message)}`);
      return;
    }
    this.ctx.play(text);
  }

  private async lockIn(): Promise<void> {
    const text = this.design.pendingText();
    if (!text) {
      this.ctx.notify(this.design.pawn ? "Nothing new to lock in." : "Place your short pawn first: click a square.");
      return;
    }
    await this.submit(text);
  }

  private async done(): Promise<void> {
    const d = this.design;
    if (!d.hasPending()) {
      if (d.committedPawn) this.ctx.play("done");
      else this.ctx.notify("Place your short pawn first: click a square.");
      return;
    }
    const text = d.wholeText();
    if (text) await this.submit(text);
    else this.ctx.notify("Place your short pawn first: click a square.");
  }

  /** Loads the computer's design for this seat (`builder`, or `maker` for a harder grid). */
  private async generate(agent: string): Promise<void> {
    this.generating = agent;
    this.toolbar();
    try {
      const suggestion = await this.ctx.suggest(agent);
      const grid = suggestion.view?.homes?.[this.seat] as HomeGrid | undefined;
      const designed = grid?.pawn ? grid : gridFromActions(suggestion.actions);
      if (designed) {
        this.design.load(designed);
        this.revalidate();
      } else {
        this.ctx.notify("The computer suggested no grid.");
      }
    } catch (err) {
      this.ctx.notify(`Could not generate a grid: ${String((err as Error)?.message ?? err)}`);
    } finally {
      this.generating = null;
      this.redraw();
    }
  }
}

/** A design from single set-up decisions (`pawn E-5`, `bar B-3|B-4`, `done`). */
export function gridFromActions(actions: string[]): HomeGrid | null {
  let pawn: string | null = null;
  const barriers: string[] = [];
  for (const action of actions) {
    const pawnMatch = /^pawn (\S+)$/.exec(action);
    if (pawnMatch) pawn = pawnMatch[1];
    const barMatch = /^bar (\S+)$/.exec(action);
    if (barMatch) barriers.push(barMatch[1]);
  }
  return pawn ? { pawn, barriers } : null;
}

/** The server's refusal without its notation prefix, e.g. "the pawn is walled in". */
function reason(message: string | undefined): string {
  return (message ?? "refused").replace(/^that home grid is not valid:\s*/i, "");
}

/** Words for a slot: "Entry slot of C-1", "Slot between B-3 and B-4". */
export function slotWords(slot: string): string {
  const [a, b] = slot.split("|");
  return a === "" ? `Entry slot of ${b}` : `Slot between ${a} and ${b}`;
}
