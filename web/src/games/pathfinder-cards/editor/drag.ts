// Dragging a card with the mouse or a finger: a pointer that moves a few pixels after pressing a
// card becomes a drag; a copy of the card follows it, and releasing it over a slot of the table or
// over the tray drops the card there. A press that does not move stays a click (the keyboard and
// click path is the same editor action without the drag).
import { h } from "../../../core/dom";
import { cardSvg } from "./card-face";

/** Pixels a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 6;

export type DropTarget = { cell: string } | { tray: true } | null;

/** What is under the viewport point (x, y): a table slot, the tray, or nothing. */
export function dropTargetAt(x: number, y: number): DropTarget {
  const el = typeof document.elementFromPoint === "function" ? document.elementFromPoint(x, y) : null;
  const slot = el?.closest("[data-cell]");
  if (slot) return { cell: slot.getAttribute("data-cell")! };
  if (el?.closest("[data-tray]")) return { tray: true };
  return null;
}

export interface DragHandlers {
  /** Whether the card under the press may be dragged now. */
  canDrag(card: string): boolean;
  start(card: string): void;
  drop(card: string, target: DropTarget): void;
}

/**
 * Listens on `root` for presses on elements carrying `data-drag-card`. Returns a function telling
 * whether a click that just happened ended a drag (the editor ignores that click).
 */
export function enableDrag(root: HTMLElement, handlers: DragHandlers): () => boolean {
  let justDragged = false;
  root.addEventListener("pointerdown", (down: PointerEvent) => {
    if (down.button !== 0) return;
    const source = (down.target as Element).closest("[data-drag-card]");
    const card = source?.getAttribute("data-drag-card");
    if (!card || !handlers.canDrag(card)) return;
    let ghost: HTMLElement | null = null;
    const move = (ev: PointerEvent) => {
      if (!ghost) {
        if (Math.hypot(ev.clientX - down.clientX, ev.clientY - down.clientY) < DRAG_THRESHOLD) return;
        ghost = h("div", { class: "pfe-ghost", "aria-hidden": "true" }, cardSvg(card));
        document.body.append(ghost);
        root.classList.add("pfe-dragging");
        handlers.start(card);
      }
      ghost.style.left = `${ev.clientX}px`;
      ghost.style.top = `${ev.clientY}px`;
      ev.preventDefault();
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      if (!ghost) return;
      ghost.remove();
      root.classList.remove("pfe-dragging");
      justDragged = true;
      setTimeout(() => (justDragged = false), 0);
      handlers.drop(card, ev.type === "pointerup" ? dropTargetAt(ev.clientX, ev.clientY) : null);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  });
  return () => justDragged;
}
