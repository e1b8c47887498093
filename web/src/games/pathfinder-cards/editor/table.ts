// The table of the editor: an SVG of card-sized slots around the cards (square cards, or hexagons
// on the hex board), each slot a focusable button carrying data-cell. What each slot looks like
// (selected, a problem, a legal target, the last card played) is decided by the editor.
import { s } from "../../../core/dom";
import { cardName } from "./cards";
import { drawCard } from "./card-face";
import {
  CARD_H, CARD_W, HEX_R, cellCentre, hexPoints, parseCellKey, windowCells, windowSize,
  type CellWindow, type Topology,
} from "./geometry";

export interface SlotLook {
  card?: string;
  committed?: boolean;
  selected?: boolean;
  problem?: boolean;
  target?: boolean;
  last?: boolean;
}

export interface TableSpec {
  window: CellWindow;
  topology: Topology;
  look(cell: string): SlotLook;
  /** Slots are buttons only when the observer may act. */
  interactive: boolean;
  /** The one slot Tab stops on (the arrow keys move among the others: a roving tab stop). */
  tabStop: string;
  label: string;
}

/** Below this many CSS pixels per column the table scrolls sideways instead of shrinking. */
const MIN_COLUMN_PX = 36;

export function slotLabel(cell: string, look: SlotLook): string {
  if (!look.card) return `empty place ${cell}`;
  const state = look.committed ? ", already played" : look.selected ? ", selected" : "";
  return `${cardName(look.card)} at ${cell}${state}`;
}

function slotOutline(cx: number, cy: number, topology: Topology): SVGElement {
  if (topology === "hex") return s("polygon", { class: "pfe-slot", points: hexPoints(cx, cy, HEX_R - 2) });
  return s("rect", { class: "pfe-slot", x: cx - CARD_W / 2, y: cy - CARD_H / 2, width: CARD_W, height: CARD_H, rx: 5 });
}

function drawSlot(spec: TableSpec, cell: string): SVGGElement {
  const look = spec.look(cell);
  const { cx, cy } = cellCentre(spec.window, parseCellKey(cell), spec.topology);
  const classes = ["pfe-cell",
    look.card ? "pfe-filled" : "pfe-empty",
    look.committed && "pfe-committed", look.selected && "pfe-selected", look.problem && "pfe-problem",
    look.target && "pfe-target", look.last && "pfe-last"].filter(Boolean).join(" ");
  return s("g", {
    class: classes,
    "data-cell": cell,
    // A card of the design can be picked up and dragged; a played one stays.
    "data-drag-card": spec.interactive && look.card && !look.committed ? look.card : undefined,
    role: spec.interactive ? "button" : "img",
    tabindex: spec.interactive ? (cell === spec.tabStop ? 0 : -1) : undefined,
    "aria-label": slotLabel(cell, look),
    "aria-pressed": spec.interactive && look.card && !look.committed ? String(!!look.selected) : undefined,
  },
  slotOutline(cx, cy, spec.topology),
  look.card ? drawCard(look.card, cx, cy, spec.topology) : null);
}

export function drawTable(spec: TableSpec): SVGSVGElement {
  const { width, height } = windowSize(spec.window, spec.topology);
  const columns = spec.window.x1 - spec.window.x0 + 1;
  return s("svg", {
    class: "pfe-table",
    viewBox: `0 0 ${width.toFixed(1)} ${height.toFixed(1)}`,
    role: "group",
    "aria-label": spec.label,
    style: { minWidth: `${columns * MIN_COLUMN_PX}px` },
  }, windowCells(spec.window).map((cell) => drawSlot(spec, cell)));
}
