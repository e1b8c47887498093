// The Maker's design while he edits it: which card lies on which cell. Cards already played to
// the server ("committed": the build is card by card, docs/rules/pathfinder-cards.md) stay where
// they are; the others move freely until Submit. Pure code, no DOM.
import { ALL_MAZE_CARDS } from "./cards";
import { boundingBox, cellKey, neighbours, parseCellKey, type Topology } from "./geometry";

export class MazeDraft {
  /** cell → card for every card on the table, committed or not. */
  private readonly byCell = new Map<string, string>();
  private readonly byCard = new Map<string, string>();
  private committedCards = new Set<string>();

  constructor(readonly topology: Topology, committed: Map<string, string> = new Map()) {
    this.setCommitted(committed);
  }

  get size(): number {
    return this.byCell.size;
  }

  get committedCount(): number {
    return this.committedCards.size;
  }

  cardAt(cell: string): string | undefined {
    return this.byCell.get(cell);
  }

  cellOf(card: string): string | undefined {
    return this.byCard.get(card);
  }

  isCommitted(card: string): boolean {
    return this.committedCards.has(card);
  }

  /** The cards still in the tray, in the tray's order. */
  trayCards(): string[] {
    return ALL_MAZE_CARDS.filter((card) => !this.byCard.has(card));
  }

  /** Every card on the table as [cell, card]. */
  entries(): [string, string][] {
    return [...this.byCell.entries()];
  }

  /**
   * Takes the server's placed cards as fixed. Draft cards that clash with them (the same card, or
   * the same cell) go back to the tray.
   */
  setCommitted(committed: Map<string, string>): void {
    for (const [cell, card] of committed) {
      const clash = this.byCell.get(cell);
      if (clash !== undefined && clash !== card) this.unset(clash);
      const old = this.byCard.get(card);
      if (old !== undefined && old !== cell) this.unset(card);
      this.set(card, cell);
    }
    this.committedCards = new Set(committed.values());
  }

  /**
   * Puts `card` on `cell`. A card already there swaps places with it (or goes back to the tray
   * when `card` came from the tray). Returns false when a committed card is involved.
   */
  place(card: string, cell: string): boolean {
    const occupant = this.byCell.get(cell);
    if (this.isCommitted(card) || (occupant !== undefined && this.isCommitted(occupant))) return false;
    if (occupant === card) return true;
    const from = this.byCard.get(card);
    if (occupant !== undefined) this.unset(occupant);
    if (from !== undefined) this.unset(card);
    this.set(card, cell);
    if (occupant !== undefined && from !== undefined) this.set(occupant, from);
    return true;
  }

  /** Sends an uncommitted card back to the tray. */
  remove(card: string): boolean {
    if (this.isCommitted(card) || !this.byCard.has(card)) return false;
    this.unset(card);
    return true;
  }

  /** Sends every uncommitted card back to the tray. */
  clear(): void {
    for (const card of [...this.byCard.keys()]) if (!this.isCommitted(card)) this.unset(card);
  }

  /** Replaces the uncommitted cards by `placements` ([card, cell]), e.g. a computer's design. */
  load(placements: [string, string][]): void {
    this.clear();
    for (const [card, cell] of placements) {
      if (!this.isCommitted(card)) this.place(card, cell);
    }
  }

  /** The top-left cell of the design: the whole-maze text starts there (its cell 0,0). */
  origin(): { x: number; y: number } {
    const box = boundingBox(this.byCell.keys());
    return box ? { x: box.x0, y: box.y0 } : { x: 0, y: 0 };
  }

  /**
   * The whole-maze text form (rules page: one row per line, rows separated by "/", "." for no
   * card), cut to the design's bounding box. On a hex board rows are r and columns q.
   */
  wholeMazeText(): string {
    const box = boundingBox(this.byCell.keys());
    if (!box) return "";
    const rows: string[] = [];
    for (let y = box.y0; y <= box.y1; ++y) {
      const row: string[] = [];
      for (let x = box.x0; x <= box.x1; ++x) row.push(this.byCell.get(cellKey(x, y)) ?? ".");
      while (row.length > 0 && row[row.length - 1] === ".") row.pop();
      rows.push(row.length > 0 ? row.join(" ") : ".");
    }
    return rows.join(" / ");
  }

  /**
   * The uncommitted cards as single placements ("AD@3,2") in an order the server accepts once
   * some cards are committed: breadth first from the committed cards, so each touches one before.
   * Null when some card cannot be reached that way (the design is not in one piece).
   */
  placementsAfterCommitted(): string[] | null {
    const queue = [...this.byCell.keys()].filter((cell) => this.isCommitted(this.byCell.get(cell)!));
    const seen = new Set(queue);
    const out: string[] = [];
    for (let i = 0; i < queue.length; ++i) {
      for (const next of neighbours(queue[i], this.topology)) {
        if (seen.has(next) || !this.byCell.has(next)) continue;
        seen.add(next);
        queue.push(next);
        out.push(`${this.byCell.get(next)}@${next}`);
      }
    }
    return seen.size === this.byCell.size ? out : null;
  }

  /** The groups of cards joined edge to edge, largest first. */
  pieces(): string[][] {
    const seen = new Set<string>();
    const pieces: string[][] = [];
    for (const start of this.byCell.keys()) {
      if (seen.has(start)) continue;
      seen.add(start);
      const piece = [start];
      for (let i = 0; i < piece.length; ++i) {
        for (const next of neighbours(piece[i], this.topology)) {
          if (this.byCell.has(next) && !seen.has(next)) {
            seen.add(next);
            piece.push(next);
          }
        }
      }
      pieces.push(piece);
    }
    return pieces.sort((a, b) => b.length - a.length);
  }

  private set(card: string, cell: string): void {
    this.byCell.set(cell, card);
    this.byCard.set(card, cell);
  }

  private unset(card: string): void {
    const cell = this.byCard.get(card);
    if (cell === undefined) return;
    this.byCard.delete(card);
    this.byCell.delete(cell);
  }
}

/** Reads "AD@3,2" (also "AD 3,2", "place AD 3,2") into [card, cell]; null for other moves. */
export function parsePlacement(move: string): [string, string] | null {
  const m = /^\s*(?:place\s+)?((?:A|[2-9]|10|J|Q|K)[CDS]|JK)\s*[@\s]\s*\(?(\d+,\d+)\)?\s*$/i.exec(move);
  return m ? [m[1].toUpperCase(), m[2]] : null;
}

/** Shifts a cell named in a whole-maze message (cell 0,0 = the text's top-left) to the table. */
export function textCellToTable(textCell: string, origin: { x: number; y: number }): string {
  const { x, y } = parseCellKey(textCell);
  return cellKey(x + origin.x, y + origin.y);
}
