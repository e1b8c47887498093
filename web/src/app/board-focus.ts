// A player who plays from the board keeps the keyboard focus there. Boards redraw after a click
// (a selection, a move sent) and after every state, and a removed element takes the focus with it
// to the page's body, from where Tab starts again at the top of the page. Whenever that happens
// while the player's last focus or click was in the play area, the focus goes back to the board.

/** What the keeper watches: the play area (board and side column) and the board host in it. */
export interface FocusPlaces {
  playArea: HTMLElement;
  board: HTMLElement;
}

/** Whether the focus was lost: nothing, or the page's body, has it. */
export function focusLost(doc: Document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/**
 * Keeps the focus on the board (see above); returns the function that stops it. `restore` may
 * also be called after a redraw the keeper cannot see (the play area shown again).
 */
export function keepFocusOnBoard({ playArea, board }: FocusPlaces): { restore(): void; stop(): void } {
  const doc = playArea.ownerDocument;
  let playing = false;
  const restore = () => {
    if (playing && !playArea.hidden && focusLost(doc)) board.focus({ preventScroll: true });
  };
  const onFocus = (event: FocusEvent) => (playing = playArea.contains(event.target as Node));
  const onPointer = (event: PointerEvent) => (playing = playArea.contains(event.target as Node));
  doc.addEventListener("focusin", onFocus);
  doc.addEventListener("pointerdown", onPointer, true);
  // A redraw removes the focused element synchronously; the focus is put back right after it.
  const observer = new MutationObserver(restore);
  observer.observe(board, { childList: true, subtree: true });
  return {
    restore,
    stop() {
      observer.disconnect();
      doc.removeEventListener("focusin", onFocus);
      doc.removeEventListener("pointerdown", onPointer, true);
    },
  };
}
