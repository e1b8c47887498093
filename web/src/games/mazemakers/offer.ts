// The legal moves sorted by how they are clicked, and the click state machine: what a click on a
// square, a wall, a tile position or a piece does given the current selection. Pure code (no DOM).
import { classify, clickSquareOf } from "./notation";

export interface Offer {
  /** piece → orientation → move by the square clicked (the shape's first square). */
  placements: Map<string, Map<number, Map<string, string>>>;
  steps: Set<string>;
  /** Tile position → positions it may move to (setup relocations). */
  relocations: Map<string, Map<string, string>>;
  /** Hole → tiles that may fill it. */
  fills: Map<string, Map<string, string>>;
  /** Holes that take control coins now (one click plays). */
  coinHoles: Map<string, string>;
  /** Everything played with a button: pass, stop, block, suits, "coin F"... */
  buttons: string[];
}

export function buildOffer(legal: string[]): Offer {
  const offer: Offer = {
    placements: new Map(), steps: new Set(), relocations: new Map(), fills: new Map(),
    coinHoles: new Map(), buttons: [],
  };
  const nested = <V>(map: Map<string, Map<string, V>>, key: string) => {
    if (!map.has(key)) map.set(key, new Map());
    return map.get(key)!;
  };
  for (const move of legal) {
    const m = classify(move);
    if (m.kind === "place") {
      if (!offer.placements.has(m.placement.piece)) offer.placements.set(m.placement.piece, new Map());
      const byOrientation = offer.placements.get(m.placement.piece)!;
      if (!byOrientation.has(m.placement.orientation)) byOrientation.set(m.placement.orientation, new Map());
      byOrientation.get(m.placement.orientation)!.set(clickSquareOf(m.placement), move);
    } else if (m.kind === "step") offer.steps.add(m.square);
    else if (m.kind === "relocate") nested(offer.relocations, m.from).set(m.to, move);
    else if (m.kind === "fill") nested(offer.fills, m.hole).set(m.tile, move);
    else if (m.kind === "coinHole") offer.coinHoles.set(m.hole, move);
    else offer.buttons.push(move);
  }
  return offer;
}

/** What the player has picked up so far in a two- or three-click move. */
export type Selection =
  | { kind: "piece"; piece: string; orientation: number }
  | { kind: "tile"; from: string }
  | { kind: "hole"; hole: string }
  | null;

/** The result of a click: play a move, change the selection, or explain why nothing happens. */
export type ClickResult =
  | { play: string }
  | { select: Selection }
  | { notify: string };

/** Picks up a piece (from the tray or from the board) in its first orientation that fits somewhere. */
export function pickPiece(offer: Offer, selection: Selection, piece: string): ClickResult {
  if (selection?.kind === "piece" && selection.piece === piece) return { select: null };
  const orientations = offer.placements.get(piece);
  if (!orientations) return { notify: `Wall ${piece} cannot be moved now.` };
  return { select: { kind: "piece", piece, orientation: Math.min(...orientations.keys()) } };
}

export function chooseOrientation(offer: Offer, selection: Selection, orientation: number): ClickResult {
  if (selection?.kind !== "piece") return { notify: "Pick a wall first." };
  if (!offer.placements.get(selection.piece)?.has(orientation)) {
    return { notify: `${selection.piece} fits nowhere in that orientation.` };
  }
  return { select: { ...selection, orientation } };
}

/** A click on a board square (or "start"). */
export function clickSquare(offer: Offer, selection: Selection, square: string): ClickResult {
  if (selection?.kind === "piece") {
    const legalMove = offer.placements.get(selection.piece)?.get(selection.orientation)?.get(square);
    if (legalMove) return { play: legalMove };
    return { notify: `${selection.piece} cannot go there: it needs five free squares on the board.` };
  }
  if (offer.steps.has(square)) return { play: square };
  return { notify: "Your pawn cannot step there." };
}

/** A click on a 2×2 tile position of the No-Pentominos board (a tile or a hole). */
export function clickPosition(offer: Offer, selection: Selection, position: string): ClickResult {
  if (selection?.kind === "tile") {
    if (selection.from === position) return { select: null };
    const move = offer.relocations.get(selection.from)?.get(position);
    return move ? { play: move } : { notify: "The tile must go to an empty position next to another tile." };
  }
  if (selection?.kind === "hole") {
    if (selection.hole === position) return { select: null };
    const move = offer.fills.get(selection.hole)?.get(position);
    return move ? { play: move } : { notify: "Pick a tile with no coin and no pawn on it." };
  }
  const coin = offer.coinHoles.get(position);
  if (coin) return { play: coin };
  if (offer.relocations.has(position)) return { select: { kind: "tile", from: position } };
  if (offer.fills.has(position)) return { select: { kind: "hole", hole: position } };
  return { notify: "Nothing to do with that position now." };
}

/** Keeps a selection only while the legal moves still allow it (after an update). */
export function stillValid(offer: Offer, selection: Selection): Selection {
  if (!selection) return null;
  if (selection.kind === "piece") {
    return offer.placements.get(selection.piece)?.has(selection.orientation) ? selection : null;
  }
  if (selection.kind === "tile") return offer.relocations.has(selection.from) ? selection : null;
  return offer.fills.has(selection.hole) ? selection : null;
}
