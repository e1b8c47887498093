// The cells the last moves touched, to highlight on the board. Directions in the log ("move up")
// name no cell, so the board remembers what each cell showed and notes the turn in which it
// changed (a card turned up, a Jack arriving or leaving); the cells named in the recent log
// ("spot a0", "peek c3", "shift AS c3 left") count too, which also covers a freshly opened page.
import type { BoardState, GameEvent } from "../types";
import { cellName, SIDE } from "./notation";

/** Events of the current and the previous turn (everything after the last-but-one "end"). */
export function recentEvents(events: GameEvent[], limit = 12): GameEvent[] {
  let ends = 0;
  let from = 0;
  for (let i = events.length - 1; i >= 0; --i) {
    if (events[i].text === "end" && ++ends === 2) {
      from = i + 1;
      break;
    }
  }
  return events.slice(Math.max(from, events.length - limit));
}
type Snapshot = Map<string, string>;

function snapshot(state: BoardState): Snapshot {
  const view = state.view;
  const out: Snapshot = new Map();
  for (let row = 0; row < SIDE; ++row) {
    for (let col = 0; col < SIDE; ++col) out.set(cellName(row, col), view.board[row][col] ?? "");
  }
  for (const p of view.players ?? []) {
    if (p.cell) out.set(p.cell, `${out.get(p.cell) ?? ""}@${p.seat}`);
  }
  return out;
}

export class RecentChanges {
  private last: Snapshot | null = null;
  private changedInTurn = new Map<string, number>();

  observe(state: BoardState): void {
    const now = snapshot(state);
    const turn = Number(state.view?.turn?.turns ?? 0);
    if (this.last) {
      for (const [cell, text] of now) {
        if (this.last.get(cell) !== text) this.changedInTurn.set(cell, turn);
      }
    }
    this.last = now;
  }

  /** Cells changed during this turn or the one before, and the cells the recent log names. */
  cells(state: BoardState): Set<string> {
    const turn = Number(state.view?.turn?.turns ?? 0);
    const out = new Set<string>();
    for (const [cell, at] of this.changedInTurn) if (at >= turn - 1) out.add(cell);
    for (const e of recentEvents(state.events)) {
      for (const m of e.text.matchAll(/\b([zabcdefgh][0-8])\b/g)) out.add(m[1]);
    }
    return out;
  }
}
