// Which of the seats held on this device the page shows, and when it must hide everything behind
// a "pass the device" cover: whenever the seat to act changes from one held human seat to another
// (and at the start), so that no seat ever sees another's secrets on the shared screen.

export interface HotSeatState {
  /** The seat whose view the page shows (or will show once uncovered). */
  shown: number;
  /** True while the cover hides the board, the log and the moves. */
  covered: boolean;
}

/** The first state: the seat to act if it is held here, else the first held seat. */
export function initialHotSeat(held: number[], toAct: number | null): HotSeatState {
  const shown = toAct !== null && held.includes(toAct) ? toAct : held[0];
  return { shown, covered: held.length >= 2 };
}

/**
 * After a state change: when another held seat is now to act, it becomes the shown seat behind
 * the cover. A computer's or a remote player's turn, chance, or the end keep the current seat.
 */
export function nextHotSeat(current: HotSeatState, held: number[], toAct: number | null): HotSeatState {
  if (toAct === null || !held.includes(toAct) || toAct === current.shown) return current;
  return { shown: toAct, covered: held.length >= 2 };
}

/** The player clicked "I am …": the shown seat may be drawn. */
export function uncover(current: HotSeatState): HotSeatState {
  return { ...current, covered: false };
}
