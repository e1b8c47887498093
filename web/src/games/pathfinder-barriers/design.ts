// The home-grid design of the set-up editor: what the server already holds ("committed": the
// engine takes the pawn first, then chips one by one, and never takes them back) and what the
// player has arranged locally on top of it. Pure data, no DOM.
import { homeGridText, type HomeGrid } from "./notation";

export class Design {
  committedPawn: string | null = null;
  committedChips = new Set<string>();
  pawn: string | null = null;
  chips = new Set<string>();
  private history: { pawn: string | null; chips: Set<string> }[] = [];

  constructor(committed: HomeGrid | null) {
    this.rebase(committed);
  }

  /** Takes the server's pieces as fixed, keeping local pieces that do not clash with them. */
  rebase(committed: HomeGrid | null): void {
    this.committedPawn = committed?.pawn ?? null;
    this.committedChips = new Set(committed?.barriers ?? []);
    if (this.committedPawn) this.pawn = this.committedPawn;
    for (const chip of this.committedChips) this.chips.add(chip);
  }

  isCommitted(chip: string): boolean {
    return this.committedChips.has(chip);
  }

  /** Places the short pawn (moving it if it is only local); false when it is already fixed. */
  placePawn(square: string): boolean {
    if (this.committedPawn) return false;
    this.remember();
    this.pawn = this.pawn === square ? null : square;
    return true;
  }

  /** Stands a chip in the slot or lifts it out; false when the chip is already fixed. */
  toggleChip(slot: string): boolean {
    if (this.committedChips.has(slot)) return false;
    this.remember();
    if (this.chips.has(slot)) this.chips.delete(slot);
    else this.chips.add(slot);
    return true;
  }

  /** Replaces the local arrangement (a generated grid); fixed pieces stay. */
  load(grid: HomeGrid): void {
    this.remember();
    this.pawn = this.committedPawn ?? grid.pawn;
    this.chips = new Set([...this.committedChips, ...grid.barriers]);
  }

  clear(): void {
    this.remember();
    this.pawn = this.committedPawn;
    this.chips = new Set(this.committedChips);
  }

  /** Undoes the last local change (Escape); false when there is none. */
  undo(): boolean {
    const previous = this.history.pop();
    if (!previous) return false;
    this.pawn = this.committedPawn ?? previous.pawn;
    this.chips = new Set([...this.committedChips, ...previous.chips]);
    return true;
  }

  pendingChips(): Set<string> {
    return new Set([...this.chips].filter((c) => !this.committedChips.has(c)));
  }

  pawnPending(): boolean {
    return this.pawn !== null && this.pawn !== this.committedPawn;
  }

  hasPending(): boolean {
    return this.pawnPending() || this.pendingChips().size > 0;
  }

  /** The whole grid in notation (`E-5: |C-1 E-1|F-1 …`), or null without a pawn. */
  wholeText(): string | null {
    return this.pawn ? homeGridText({ pawn: this.pawn, barriers: sortedChips(this.chips) }) : null;
  }

  /**
   * The local pieces as single set-up decisions, pawn first (`pawn E-5, bar B-3|B-4`): sending them
   * fixes them on the server without finishing the set-up. Null when chips would come before a pawn.
   */
  pendingText(): string | null {
    if (!this.pawn) return null;
    const parts = this.pawnPending() ? [`pawn ${this.pawn}`] : [];
    for (const chip of sortedChips(this.pendingChips())) parts.push(`bar ${chip}`);
    return parts.length ? parts.join(", ") : null;
  }

  private remember(): void {
    this.history.push({ pawn: this.pawn, chips: new Set(this.chips) });
    if (this.history.length > 200) this.history.shift();
  }
}

export function sortedChips(chips: Iterable<string>): string[] {
  return [...chips].sort();
}
