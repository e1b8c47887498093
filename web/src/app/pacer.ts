// Computer moves arrive within milliseconds of the move they answer; shown at once, a player
// never sees what the computer did. The pacer holds back each state message that carries a
// computer's move until it has been a moment since the last message was shown.
import type { GameEvent } from "../games/types";

/** The pause before a computer's move is shown; `localStorage["mazeworks.paceMs"]` overrides it. */
export const PACE_MS = 300;
/** More messages than this waiting (a long secret set-up, a reconnect): show them without pauses. */
export const MAX_PACED_BACKLOG = 4;

export interface PacerDeps {
  gapMs: number;
  isComputer(seat: number): boolean;
  now(): number;
  schedule(run: () => void, ms: number): void;
}

export interface Pacer<M> {
  push(message: M): void;
  /** Messages waiting to be shown. */
  readonly waiting: number;
}

/** Whether a message's new events hold a move by a computer seat. */
export function hasComputerMove(events: readonly GameEvent[], isComputer: (seat: number) => boolean): boolean {
  return events.some((e) => e.player !== "chance" && isComputer(e.player));
}

/**
 * Delivers messages in order; one with a computer's move waits until `gapMs` after the message
 * shown before it. The first message is shown at once (the page is loading, nothing is moving).
 */
export function createPacer<M extends { events: GameEvent[] }>(
  deliver: (message: M, computerMoved: boolean) => void,
  deps: PacerDeps,
): Pacer<M> {
  const queue: M[] = [];
  let lastShown: number | null = null;
  let timerSet = false;

  function pump(): void {
    while (queue.length > 0) {
      const next = queue[0];
      const computerMoved = hasComputerMove(next.events, deps.isComputer);
      const paced = computerMoved && lastShown !== null && queue.length <= MAX_PACED_BACKLOG;
      const wait = paced ? lastShown! + deps.gapMs - deps.now() : 0;
      if (wait > 0) {
        if (!timerSet) {
          timerSet = true;
          deps.schedule(() => {
            timerSet = false;
            pump();
          }, wait);
        }
        return;
      }
      queue.shift();
      lastShown = deps.now();
      deliver(next, computerMoved);
    }
  }

  return {
    push(message: M) {
      queue.push(message);
      pump();
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The pause this browser uses: PACE_MS unless storage says otherwise (tests set 0). */
export function paceFromStorage(storage: Pick<Storage, "getItem"> | undefined): number {
  const text = storage?.getItem("mazeworks.paceMs");
  const value = text === null || text === undefined ? NaN : Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 5000 ? value : PACE_MS;
}
