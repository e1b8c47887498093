// Redrawing replaces every element; a keyboard player must not lose its place. The focused
// control is remembered by what it is (its grid and square/slot, or its editor/move attribute)
// and the same control of the new drawing gets the focus back.
const KEYS = ["data-square", "data-slot", "data-editor", "data-move"] as const;

function describeFocus(root: Element): string | null {
  const active = root.ownerDocument.activeElement;
  if (!active || !root.contains(active)) return null;
  const key = KEYS.find((k) => active.hasAttribute(k));
  if (!key) return null;
  const grid = active.closest("[data-grid]")?.getAttribute("data-grid");
  const own = `[${key}="${active.getAttribute(key)!.replace(/["\\]/g, "\\$&")}"]`;
  return grid ? `[data-grid="${grid}"] ${own}` : own;
}

/** Runs `redraw` (which rebuilds `root`'s content) and puts the focus back where it was. */
export function keepingFocus(root: Element, redraw: () => void): void {
  const selector = describeFocus(root);
  redraw();
  if (selector) (root.querySelector(selector) as HTMLElement | SVGElement | null)?.focus();
}
