// Which positions of a match to keep for its mid-game screenshot, when the match's length is known
// only at its end (harness.ts, midGameShots): positions each about 20 % further into the match than
// the last are kept, those that can no longer be the middle are dropped, and at the end the one
// nearest half the moves played is the middle. Pure code (mid-game.test.ts).

/** Each kept position is this much further into the match than the one before. */
export const SPACING = 1.2;

export class MiddleKeeper<T> {
  private readonly kept = new Map<number, T>();
  private played = 0;
  private next = 0;

  /** Before the seat's move: `moves` played so far; `take` captures the position when it is kept. */
  async offer(moves: number, take: () => Promise<T>): Promise<void> {
    this.played = moves + 1;
    if (moves < this.next) return;
    this.kept.set(moves, await take());
    this.next = Math.max(moves + 1, Math.ceil(moves * SPACING));
    // The middle is at least half of what has been played: keep the last position before that
    // half and everything after it.
    const floor = Math.max(0, ...[...this.kept.keys()].filter((m) => m <= moves / 2));
    for (const m of this.kept.keys()) if (m < floor) this.kept.delete(m);
  }

  /** The positions kept, by the moves played before each. */
  positions(): number[] {
    return [...this.kept.keys()].sort((a, b) => a - b);
  }

  /** The kept position nearest the middle of the match (undefined if none was offered). */
  middle(): { moves: number; value: T } | undefined {
    const half = this.played / 2;
    const moves = this.positions().sort((a, b) => Math.abs(a - half) - Math.abs(b - half))[0];
    return moves === undefined ? undefined : { moves, value: this.kept.get(moves)! };
  }
}
