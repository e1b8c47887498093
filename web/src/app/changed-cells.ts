// What changed on the board, lit for a moment: after a computer's move the cells, squares and
// cards whose content changed flash (a card turned, a pawn gone from one cell and on another),
// for every game alike, read from the attributes the boards already give their places.
const PLACE_ATTRIBUTES = ["data-cell", "data-square", "data-card", "data-slot", "data-heart"];
const PLACES = PLACE_ATTRIBUTES.map((attr) => `[${attr}]`).join(",");
export const CHANGED_CLASS = "mw-changed";

/** Each place's key (its attribute and value) and what it shows. */
export type BoardSnapshot = Map<string, string>;

function placeKey(el: Element): string | null {
  for (const attr of PLACE_ATTRIBUTES) {
    const value = el.getAttribute(attr);
    if (value !== null) {
      const grid = el.closest("[data-grid]")?.getAttribute("data-grid");
      return `${grid ?? ""}|${attr}=${value}`;
    }
  }
  return null;
}

// What a place shows, not how it offers itself: classes and labels also change when a place
// becomes clickable, which is not news.
function looks(el: Element): string {
  return el.textContent ?? "";
}

export function snapshotBoard(root: Element): BoardSnapshot {
  const out: BoardSnapshot = new Map();
  for (const el of root.querySelectorAll(PLACES)) {
    const key = placeKey(el);
    if (key !== null && !out.has(key)) out.set(key, looks(el));
  }
  return out;
}

/** Marks the places that look different from `before` (new places too); returns how many. */
export function markChanged(root: Element, before: BoardSnapshot): number {
  let marked = 0;
  for (const el of root.querySelectorAll(PLACES)) {
    const key = placeKey(el);
    if (key === null) continue;
    el.classList.remove(CHANGED_CLASS);
    if (before.get(key) === looks(el)) continue;
    // Restart the animation even when the same place changed on the last move too.
    void (el as HTMLElement).offsetWidth;
    el.classList.add(CHANGED_CLASS);
    marked++;
  }
  return marked;
}
