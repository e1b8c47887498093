// Draws one Pathfinder grid as the plastic board looks from above: 6 × 6 raised squares with
// grooves (slots) between them and an entry groove left of column 1; dark barrier chips standing
// in slots, light chips where a search hit a barrier, red trail discs, the tall explorer pawn and
// the short hidden pawn. Clickable squares and slots are transparent hit areas drawn on top, so
// pieces never swallow a click.
import { s } from "../../core/dom";
import { ROWS, SIZE, allSlots, allSquares, parseSlot, parseSquare, squareName, slotName, type Slot, type Square } from "./notation";

/** Board geometry in viewBox units: a square is CELL wide, a groove GROOVE. */
const CELL = 40;
const GROOVE = 10;
const PITCH = CELL + GROOVE;
const LEFT = 40; // row letters, then the entry groove
const TOP = 28; // column numbers
export const GRID_WIDTH = LEFT + SIZE * PITCH;
export const GRID_HEIGHT = TOP + SIZE * PITCH;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function squareBox(sq: Square): Box {
  return { x: LEFT + sq.col * PITCH, y: TOP + sq.row * PITCH, w: CELL, h: CELL };
}

export function slotBox(slot: Slot): Box {
  const sq = squareBox(slot);
  if (slot.kind === "entry") return { x: sq.x - GROOVE, y: sq.y, w: GROOVE, h: CELL };
  if (slot.kind === "v") return { x: sq.x + CELL, y: sq.y, w: GROOVE, h: CELL };
  return { x: sq.x, y: sq.y + CELL, w: CELL, h: GROOVE };
}

/** Something the player may click on this grid. */
export interface Target {
  kind: "square" | "slot";
  name: string;
  label: string;
  activate(): void;
  selected?: boolean;
  /** A walk over known-open slots (no question at risk), drawn apart from the questions. */
  walk?: boolean;
}

export interface GridSpec {
  /** The data-grid attribute: "home", "tracking", "north" or "south". */
  id: string;
  look: "home" | "tracking";
  label: string;
  /** The owner's chips, as far as they are visible (or the design in the editor). */
  chips: Set<string>;
  /** Chips of the design not yet sent to the server (drawn lighter, dashed). */
  pendingChips: Set<string>;
  /** The owner's chips seen only because the game is over (drawn on a tracking grid). */
  revealed: boolean;
  /** Slots the search found blocked (light chips) and open. */
  blocked: Set<string>;
  open: Set<string>;
  trail: Set<string>;
  explorer: string | null;
  explorerSeat: number;
  pawn: string | null;
  pawnPending: boolean;
  /** The latest questions of the current searcher: squares reached and slots asked about. */
  recentSquares: Set<string>;
  recentSlots: Set<string>;
  /** Where the last exit of the searcher happened (re-entry must be at another row). */
  lastExit: string | null;
  targets: Target[];
}

const SEAT_CLASS = ["pfb-seat-north", "pfb-seat-south"];

function rect(box: Box, cls: string, extra: Record<string, unknown> = {}): SVGRectElement {
  return s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, class: cls, ...extra });
}

function centre(box: Box): { cx: number; cy: number } {
  return { cx: box.x + box.w / 2, cy: box.y + box.h / 2 };
}

/** A pawn seen from the side: base, body and head; the tall explorer or the short hidden pawn. */
function pawnShape(sq: Square, tall: boolean, cls: string, shift = 0): SVGGElement {
  const { cx: middle, cy } = centre(squareBox(sq));
  const cx = middle + shift;
  const height = tall ? 32 : 22;
  const base = cy + height / 2;
  const head = base - height + 5;
  const half = tall ? 9 : 8;
  const body = `M ${cx - half} ${base} Q ${cx - 3} ${base - height * 0.35} ${cx - 3} ${head + 4} `
    + `L ${cx + 3} ${head + 4} Q ${cx + 3} ${base - height * 0.35} ${cx + half} ${base} Z`;
  return s("g", { class: `pfb-pawn ${cls}` },
    s("ellipse", { cx, cy: base, rx: half + 1, ry: 3 }),
    s("path", { d: body }),
    s("circle", { cx, cy: head, r: tall ? 5.5 : 5 }));
}

function labels(): SVGGElement {
  const g = s("g", { class: "pfb-labels", "aria-hidden": "true" });
  for (let i = 0; i < SIZE; ++i) {
    const row = squareBox({ row: i, col: 0 });
    const col = squareBox({ row: 0, col: i });
    g.append(
      s("text", { x: 14, y: row.y + CELL / 2, "dominant-baseline": "central", "text-anchor": "middle" }, ROWS[i]),
      s("text", { x: col.x + CELL / 2, y: TOP / 2 + 1, "dominant-baseline": "central", "text-anchor": "middle" },
        String(i + 1)),
    );
  }
  return g;
}

function boardBase(spec: GridSpec): SVGGElement {
  const g = s("g", { class: "pfb-base" });
  g.append(rect({ x: LEFT - GROOVE - 6, y: TOP - 6, w: SIZE * PITCH + 12, h: SIZE * PITCH + 2 }, "pfb-frame", { rx: 8 }));
  for (const sq of allSquares()) {
    const name = squareName(sq);
    const cls = ["pfb-square", spec.trail.has(name) && "pfb-trail-square"].filter(Boolean).join(" ");
    g.append(rect(squareBox(sq), cls, { rx: 4 }));
  }
  for (const slot of allSlots()) g.append(rect(slotBox(slot), "pfb-groove"));
  return g;
}

/** A chip standing in its groove, a little shorter than the square edge. */
function chip(slot: Slot, cls: string): SVGRectElement {
  const box = slotBox(slot);
  const inset = 2;
  const across = slot.kind === "h" ? { x: box.x + inset, y: box.y + 1, w: box.w - 2 * inset, h: box.h - 2 }
    : { x: box.x + 1, y: box.y + inset, w: box.w - 2, h: box.h - 2 * inset };
  return rect(across, `pfb-chip ${cls}`, { rx: 2 });
}

const slotOf = parseSlot;

function pieces(spec: GridSpec): SVGGElement {
  const g = s("g", { class: "pfb-pieces", "pointer-events": "none" });
  for (const name of spec.recentSlots) {
    const slot = slotOf(name);
    if (slot) g.append(rect(slotBox(slot), "pfb-recent-slot", { rx: 3 }));
  }
  for (const name of spec.recentSquares) {
    const sq = parseSquare(name);
    if (sq) g.append(rect(squareBox(sq), "pfb-recent-square", { rx: 4 }));
  }
  if (spec.lastExit) {
    const sq = parseSquare(spec.lastExit);
    if (sq) {
      const box = slotBox({ kind: "entry", row: sq.row, col: 0 });
      g.append(s("path", { class: "pfb-exit-mark", d: `M ${box.x + 8} ${box.y + 14} l -10 6 l 10 6` }));
    }
  }
  for (const slot of allSlots()) {
    const name = slotName(slot);
    const found = spec.blocked.has(name);
    if (spec.chips.has(name)) {
      // On the owner's own grid a chip the searcher bumped into stays dark, marked as found.
      const look = spec.pendingChips.has(name) ? "pfb-chip-pending"
        : spec.revealed ? "pfb-chip-revealed" : found && spec.look === "home" ? "pfb-chip-dark pfb-chip-found" : "pfb-chip-dark";
      g.append(chip(slot, look));
    }
    if (found && !(spec.chips.has(name) && spec.look === "home")) g.append(chip(slot, "pfb-chip-light"));
    else if (spec.open.has(name)) {
      const { cx, cy } = centre(slotBox(slot));
      g.append(s("circle", { cx, cy, r: 2.2, class: "pfb-open-mark" }));
    }
  }
  for (const name of spec.trail) {
    const sq = parseSquare(name);
    if (!sq || name === spec.explorer) continue;
    const { cx, cy } = centre(squareBox(sq));
    g.append(s("circle", { cx, cy, r: 8, class: "pfb-trail-disc" }));
  }
  // The winning step puts the explorer on the hidden pawn: both stand side by side.
  const together = spec.pawn !== null && spec.pawn === spec.explorer ? 9 : 0;
  const pawn = spec.pawn && parseSquare(spec.pawn);
  if (pawn) g.append(pawnShape(pawn, false, spec.pawnPending ? "pfb-pawn-short pfb-pawn-pending" : "pfb-pawn-short", -together));
  const explorer = spec.explorer && parseSquare(spec.explorer);
  if (explorer) g.append(pawnShape(explorer, true, `pfb-pawn-tall ${SEAT_CLASS[spec.explorerSeat] ?? ""}`, together));
  return g;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
};

function hitCentre(el: Element): [number, number] {
  const n = (a: string) => Number(el.getAttribute(a));
  return [n("x") + n("width") / 2, n("y") + n("height") / 2];
}

/** Arrow keys move the focus to the nearest clickable square or slot in that direction. */
function moveFocus(from: Element, [dx, dy]: [number, number]): void {
  const [x0, y0] = hitCentre(from);
  let best: { el: SVGElement; cost: number } | null = null;
  for (const el of from.parentElement?.querySelectorAll<SVGElement>(".pfb-hit") ?? []) {
    const [x, y] = hitCentre(el);
    const ahead = (x - x0) * dx + (y - y0) * dy;
    if (el === from || ahead <= 0) continue;
    const aside = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    const cost = ahead + 2 * aside;
    if (!best || cost < best.cost) best = { el, cost };
  }
  best?.el.focus();
}

function onKey(activate: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate();
    } else if (ARROWS[event.key]) {
      event.preventDefault();
      moveFocus(event.currentTarget as Element, ARROWS[event.key]);
    }
  };
}

/** Transparent hit areas; slots are widened a little into the squares so a thumb can hit them. */
function hitArea(target: Target): SVGRectElement | null {
  let box: Box;
  if (target.kind === "square") {
    const sq = parseSquare(target.name);
    if (!sq) return null;
    box = squareBox(sq);
  } else {
    const slot = slotOf(target.name);
    if (!slot) return null;
    const b = slotBox(slot);
    const grow = 5;
    box = slot.kind === "h" ? { x: b.x, y: b.y - grow, w: b.w, h: b.h + 2 * grow } : { x: b.x - grow, y: b.y, w: b.w + 2 * grow, h: b.h };
  }
  const attr = target.kind === "square" ? "data-square" : "data-slot";
  const cls = ["pfb-hit", `pfb-hit-${target.kind}`, target.selected && "pfb-selected", target.walk && "pfb-hit-walk"];
  return rect(box, cls.filter(Boolean).join(" "), {
    [attr]: target.name,
    tabindex: 0,
    role: "button",
    "aria-label": target.label,
    "pointer-events": "all",
    onclick: () => target.activate(),
    onkeydown: onKey(() => target.activate()),
  });
}

export function drawGrid(spec: GridSpec): SVGSVGElement {
  const hits = s("g", { class: "pfb-hits" });
  // Squares first, slots above them: a slot's widened area wins where the two meet.
  const ordered = [...spec.targets.filter((t) => t.kind === "square"), ...spec.targets.filter((t) => t.kind === "slot")];
  for (const target of ordered) {
    const area = hitArea(target);
    if (area) hits.append(area);
  }
  return s("svg", {
    class: `pfb-grid pfb-look-${spec.look}`,
    "data-grid": spec.id,
    viewBox: `0 0 ${GRID_WIDTH} ${GRID_HEIGHT}`,
    role: "group",
    "aria-label": spec.label,
  }, boardBase(spec), labels(), pieces(spec), hits);
}
