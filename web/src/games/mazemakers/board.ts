// The MazeMakers board: state in, clicks out. Keeps the current selection (a piece picked up, a
// tile or a hole chosen) across updates while it stays legal, and turns clicks into ctx.play.
import { h, s } from "../../core/dom";
import type { Board, BoardContext, BoardState } from "../types";
import { drawBoard, drawPreview, fillHitLayer, type HitTarget } from "./draw";
import { type BoardModel, readModel, startSquares, squareOf } from "./model";
import { parsePlacement } from "./notation";
import {
  buildOffer, chooseOrientation, clickPosition, clickSquare, type ClickResult, type Offer, pickPiece,
  type Selection, stillValid,
} from "./offer";
import { flip, orientationNumber, orientationsOf, rotate, type Shape } from "./pentominoes";
import { lastCombatIndex } from "./combat";
import { buttonLabel, playersPanel, statusText } from "./panel";
import { suitSymbol } from "./pieces";
import { recentMoves } from "./recent";
import "./mazemakers.css";

/** A small drawing of a piece's shape, for the tray and the orientation buttons. */
function shapeIcon(shape: Shape, size: number): SVGSVGElement {
  return s("svg", { viewBox: "-0.2 -0.2 5.4 5.4", width: size, height: size, "aria-hidden": "true" },
    shape.map(([r, c]) => s("rect", { x: c, y: r, width: 1, height: 1, class: "mm-icon-square" })));
}

export class MazemakersBoard implements Board {
  private readonly root = h("div", { class: "mm-board" });
  private state: BoardState;
  private model: BoardModel;
  private offer: Offer;
  private selection: Selection = null;
  private preview = s("g", { class: "mm-preview" });
  private hits = s("g", { class: "mm-hits" });
  private liftedShown: string | null = null;
  private controlsBox = h("div", { class: "mm-controls" });
  private readonly onKey = (e: KeyboardEvent) => this.key(e);
  /** The combat last drawn (undefined before the first drawing, which rolls no dice). */
  private combatShown: string | undefined = undefined;

  constructor(host: HTMLElement, state: BoardState, private readonly ctx: BoardContext) {
    host.append(this.root);
    document.addEventListener("keydown", this.onKey);
    this.state = state;
    this.model = readModel(state.view);
    this.offer = buildOffer([]);
    this.update(state);
  }

  update(state: BoardState): void {
    this.state = state;
    this.model = readModel(state.view);
    this.offer = buildOffer(state.interactive ? state.legal : []);
    this.selection = stillValid(this.offer, this.selection);
    this.render();
  }

  destroy(): void {
    document.removeEventListener("keydown", this.onKey);
    this.root.remove();
  }

  private apply(result: ClickResult): void {
    if ("play" in result) {
      this.selection = null;
      this.ctx.play(result.play);
      this.renderChoices();
    } else if ("select" in result) {
      this.selection = result.select;
      this.renderChoices();
    } else {
      this.ctx.notify(result.notify);
    }
  }

  private key(e: KeyboardEvent): void {
    if (this.selection === null) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    if (e.key === "Escape") this.apply({ select: null });
    else if (this.selection.kind === "piece" && (e.key === "r" || e.key === "R")) this.turnPiece(rotate);
    else if (this.selection.kind === "piece" && (e.key === "f" || e.key === "F")) this.turnPiece(flip);
  }

  /** Rotates or flips the picked-up piece to the next orientation that fits somewhere. */
  private turnPiece(turn: (shape: Shape) => Shape): void {
    if (this.selection?.kind !== "piece") return;
    const { piece, orientation } = this.selection;
    let shape = orientationsOf(piece)[orientation - 1];
    for (let k = 0; k < 8; ++k) {
      shape = turn(shape);
      const next = orientationNumber(piece, shape);
      if (this.offer.placements.get(piece)?.has(next)) {
        this.apply(chooseOrientation(this.offer, this.selection, next));
        return;
      }
    }
    this.ctx.notify(`${piece} fits in no other orientation.`);
  }

  /** Draws everything: after a new state from the server. */
  private render(): void {
    const v = this.state.view;
    this.preview = s("g", { class: "mm-preview", "aria-hidden": "true" });
    this.hits = s("g", { class: "mm-hits" });
    const svg = drawBoard({
      model: this.model, recent: recentMoves(this.state.events), mover: v.turn?.mover ?? null,
      contested: ["block", "pvpRoll", "monsterRoll"].includes(v.phase) ? v.turn?.target ?? null : null,
    }, this.preview, this.hits);
    this.controlsBox = h("div", { class: "mm-controls" });
    this.liftedShown = null;
    this.root.replaceChildren(
      h("p", { class: "mm-status", role: "status" }, statusText(this.state, this.model)),
      h("div", { class: "mm-layout" },
        h("div", { class: "mm-svg-wrap" }, svg),
        h("div", { class: "mm-side" }, this.controlsBox, playersPanel(this.state, this.model, this.newCombat()))),
    );
    this.renderChoices();
  }

  /**
   * Whether the view shows a combat not drawn before: the record, and the log entry of the die that
   * resolved it (two fights alike in every number still differ there).
   */
  private newCombat(): boolean {
    const combat = this.state.view.lastCombat ?? null;
    const events = this.state.events ?? [];
    const at = lastCombatIndex(events);
    const key = combat ? `${JSON.stringify(combat)}@${at >= 0 ? events[at].n : ""}` : "";
    const fresh = this.combatShown !== undefined && key !== "" && key !== this.combatShown;
    this.combatShown = key;
    return fresh;
  }

  /** Redraws only what a click changes: the hit targets, the lifted wall and the controls. */
  private renderChoices(): void {
    const lifted = this.selection?.kind === "piece" && this.state.view.phase !== "walls" ? this.selection.piece : null;
    if (lifted !== this.liftedShown) {
      for (const wall of this.root.querySelectorAll<SVGElement>(".mm-wall")) {
        wall.classList.toggle("mm-lifted", wall.getAttribute("data-letter") === lifted);
      }
      this.liftedShown = lifted;
    }
    this.preview.replaceChildren();
    fillHitLayer(this.hits, this.targets());
    this.controlsBox.replaceChildren(...this.controls());
  }

  // ---- hit targets on the board ----------------------------------------------------------------

  private targets(): HitTarget[] {
    const sel = this.selection;
    if (sel?.kind === "piece") return this.placementTargets(sel.piece, sel.orientation);
    if (sel?.kind === "tile") {
      return [{ ...this.position(sel.from, `Put the tile at ${sel.from} back`, false), selected: true },
        ...[...this.offer.relocations.get(sel.from)!.keys()].map((to) => this.position(to, `Move the tile to ${to}`, true))];
    }
    if (sel?.kind === "hole") {
      return [{ ...this.position(sel.hole, `Cancel filling the hole at ${sel.hole}`, false), selected: true },
        ...[...this.offer.fills.get(sel.hole)!.keys()].map((t) => this.position(t, `Fill the hole with the tile at ${t}`, true))];
    }
    const targets: HitTarget[] = [];
    for (const square of this.offer.steps) {
      const squares = square === "start" ? startSquares(this.model) : [squareOf(square)];
      targets.push({
        attr: "data-cell", value: square, squares, marked: true, label: `Step to ${square}`,
        activate: () => this.apply(clickSquare(this.offer, null, square)),
      });
    }
    if (this.state.view.phase !== "walls" && !this.model.tilesBoard) {
      for (const wall of this.model.walls) {
        // A player moves only its own walls and puts coins only on others': one meaning per wall.
        const coin = `coin ${wall.id}`;
        if (this.offer.placements.has(wall.id)) {
          targets.push({
            attr: "data-wall", value: wall.id, squares: wall.squares, marked: true, label: `Pick up wall ${wall.id}`,
            activate: () => this.apply(pickPiece(this.offer, this.selection, wall.id)),
          });
        } else if (this.offer.buttons.includes(coin)) {
          targets.push({
            attr: "data-wall", value: wall.id, squares: wall.squares, marked: true,
            label: buttonLabel(coin, this.state.view, this.model), activate: () => this.apply({ play: coin }),
          });
        }
      }
    }
    for (const pos of this.offer.coinHoles.keys()) targets.push(this.position(pos, `Put coins into the hole at ${pos}`, true));
    for (const pos of this.offer.relocations.keys()) targets.push(this.position(pos, `Pick up the tile at ${pos}`, true));
    for (const pos of this.offer.fills.keys()) targets.push(this.position(pos, `Fill the hole at ${pos}`, true));
    return targets;
  }

  private position(pos: string, label: string, marked: boolean): HitTarget {
    const [r, c] = squareOf(pos);
    return {
      attr: "data-pos", value: pos, label, marked,
      squares: [[r, c], [r + 1, c + 1]],
      activate: () => this.apply(clickPosition(this.offer, this.selection, pos)),
    };
  }

  /** With a piece picked up, the squares where its top square may go; its own squares cancel. */
  private placementTargets(piece: string, orientation: number): HitTarget[] {
    const fits = this.offer.placements.get(piece)?.get(orientation) ?? new Map<string, string>();
    const targets: HitTarget[] = [...fits.keys()].map((square) => ({
      attr: "data-cell", value: square, squares: [squareOf(square)], marked: true,
      label: `Put ${piece} with its top square on ${square}`,
      activate: () => this.apply(clickSquare(this.offer, this.selection, square)),
      hover: () => this.showPreview(piece, orientation, square),
    }));
    const lifted = this.model.walls.find((w) => w.id === piece);
    if (lifted && this.state.view.phase !== "walls") {
      targets.unshift({
        attr: "data-wall", value: piece, squares: lifted.squares, marked: false, label: `Put ${piece} back`,
        activate: () => this.apply(pickPiece(this.offer, this.selection, piece)),
      });
    }
    return targets;
  }

  private showPreview(piece: string, orientation: number, square: string): void {
    const code = this.offer.placements.get(piece)?.get(orientation)?.get(square);
    drawPreview(this.preview, (code && parsePlacement(code)?.squares) || []);
  }

  // ---- controls beside the board -----------------------------------------------------------------

  private controls(): HTMLElement[] {
    const box: HTMLElement[] = [];
    const v = this.state.view;
    if (v.phase === "walls" && v.unplaced_pieces) box.push(this.tray(v.unplaced_pieces));
    if (this.selection?.kind === "piece") box.push(this.orientationBar(this.selection.piece, this.selection.orientation));
    else if (this.selection) {
      box.push(h("p", { class: "mm-hint" },
        this.selection.kind === "tile" ? "Click an empty position next to another tile." : "Click the tile that will fill the hole.",
        " ", h("button", { type: "button", class: "mm-cancel", onclick: () => this.apply({ select: null }) }, "Cancel (Esc)")));
    }
    if (this.offer.buttons.length > 0) {
      box.push(h("div", { class: "mm-buttons" }, this.offer.buttons.map((move) => h("button", {
        type: "button", "data-move": move, class: "mm-move",
        onclick: () => this.apply({ play: move }),
      }, /^(suns|moons|crowns|arms)$/.test(move)
        ? [s("svg", { viewBox: "-12 -12 24 24", width: 18, height: 18, "aria-hidden": "true" },
            suitIcon(move)), " "]
        : null, buttonLabel(move, v, this.model)))));
    }
    return box;
  }

  /** The pentominoes not yet on the board; the player to place one picks it here. */
  private tray(unplaced: string): HTMLElement {
    return h("div", { class: "mm-tray", "aria-label": "Pentominoes to place" },
      [...unplaced].map((piece) => {
        const icon = shapeIcon(orientationsOf(piece)[0], 34);
        if (!this.offer.placements.has(piece)) return h("span", { class: "mm-tray-piece" }, icon, piece);
        const picked = this.selection?.kind === "piece" && this.selection.piece === piece;
        return h("button", {
          type: "button", class: `mm-tray-piece${picked ? " mm-picked" : ""}`, "data-piece": piece,
          "aria-pressed": picked ? "true" : "false", "aria-label": `Pentomino ${piece}`,
          onclick: () => this.apply(pickPiece(this.offer, this.selection, piece)),
        }, icon, piece);
      }));
  }

  private orientationBar(piece: string, current: number): HTMLElement {
    const available = [...(this.offer.placements.get(piece)?.keys() ?? [])].sort((a, b) => a - b);
    return h("div", { class: "mm-orientations" },
      h("p", { class: "mm-hint" }, `Placing ${piece}: pick a turn, then click the square for its top square (marked).`),
      h("div", { class: "mm-orientation-buttons" }, available.map((o) => h("button", {
        type: "button", "data-orient": o, class: `mm-orient${o === current ? " mm-picked" : ""}`,
        "aria-pressed": o === current ? "true" : "false", "aria-label": `${piece} orientation ${o}`,
        onclick: () => this.apply(chooseOrientation(this.offer, this.selection, o)),
      }, shapeIcon(orientationsOf(piece)[o - 1], 30)))),
      h("div", { class: "mm-turns" },
        h("button", { type: "button", onclick: () => this.turnPiece(rotate) }, "Rotate (R)"),
        h("button", { type: "button", onclick: () => this.turnPiece(flip) }, "Flip (F)"),
        h("button", { type: "button", class: "mm-cancel", onclick: () => this.apply({ select: null }) }, "Cancel (Esc)")),
    );
  }
}

/** The suit symbol on a suit-choice button ("suns" → the Suns symbol). */
function suitIcon(move: string): SVGElement {
  return suitSymbol(move.charAt(0).toUpperCase() + move.slice(1), 0, 0, 10);
}
