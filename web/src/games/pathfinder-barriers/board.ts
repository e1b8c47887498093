// The Pathfinder board: the observer's two plastic grids side by side (stacked on a phone), the
// set-up editor while this seat designs its maze, and during the hunt the tracking grid's squares
// as the questions to ask ("May I move to B-2?") plus an Exit button.
import { clear, h } from "../../core/dom";
import { moveSelector } from "../generic";
import type { Board, BoardContext, BoardState } from "../types";
import { EDITOR_DONE, EDITOR_LOCK, SetupEditor } from "./editor";
import { drawGrid, type GridSpec, type Target } from "./grid-svg";
import { keepingFocus } from "./focus";
import { recentQuestions } from "./highlight";
import { parseMove, questionInWords, type HomeGrid } from "./notation";
import { knownWalks } from "./walk";
import { isDesigning, panels, pathfinderView, seatName, type GridPanel, type PathfinderView } from "./view";
import "./pathfinder-barriers.css";

/** The data-grid id of a panel: a seat's own grids are "home" and "tracking". */
export function gridId(state: BoardState, owner: number): string {
  if (state.seat === 0 || state.seat === 1) return owner === state.seat ? "home" : "tracking";
  return owner === 0 ? "north" : "south";
}

/**
 * The clickable squares of the tracking grid during the hunt: one per legal question, and the
 * squares farther away that known-open slots lead to (a walk back, played as one path).
 */
function huntTargets(state: BoardState, ctx: BoardContext): Target[] {
  const targets: Target[] = [];
  const search = pathfinderView(state).tracking[state.seat!];
  for (const text of state.legal) {
    const move = parseMove(text);
    if (move?.kind === "enter") {
      const name = text.slice("enter ".length);
      targets.push({ kind: "square", name, label: `Ask to enter at ${name}`, activate: () => ctx.play(text) });
    } else if (move?.kind === "step") {
      const [from, to] = text.split(">");
      targets.push({ kind: "square", name: to, label: `Ask to move from ${from} to ${to}`, activate: () => ctx.play(text) });
    }
  }
  if (search?.explorer && state.legal.some((m) => parseMove(m)?.kind === "step")) {
    const asked = new Set(targets.map((t) => t.name));
    for (const [square, path] of knownWalks(search.explorer, search.open)) {
      if (asked.has(square)) continue; // a question to a neighbour wins over a walk around
      const text = path.join(">");
      targets.push({ kind: "square", name: square, walk: true, label: `Walk back to ${square} (${text})`, activate: () => ctx.play(text) });
    }
  }
  return targets;
}

/** Moves that are not a square of the tracking grid: Exit, and anything the board cannot place. */
function moveButtons(state: BoardState, ctx: BoardContext): HTMLElement | null {
  const others = state.legal.filter((text) => {
    const kind = parseMove(text)?.kind;
    return kind !== "enter" && kind !== "step";
  });
  if (others.length === 0) return null;
  const view = pathfinderView(state);
  const explorer = state.seat !== null ? view.tracking[state.seat]?.explorer : null;
  return h("div", { class: "pfb-buttons pfb-moves" },
    others.map((text) => h("button", {
      type: "button",
      class: "pfb-button",
      "data-move": text,
      onclick: () => ctx.play(text),
    }, text === "exit" ? `Exit the grid${explorer ? ` at ${explorer}` : ""}` : text)));
}

function gridSpec(state: BoardState, panel: GridPanel, targets: Target[], editor: SetupEditor | null): GridSpec {
  const view = pathfinderView(state);
  const recent = recentQuestions(state.events, view.last?.answer ?? null);
  const mine = recent?.searcher === panel.searcher;
  const design = editor?.design;
  const home: HomeGrid | null = design ? { pawn: design.pawn, barriers: [...design.chips] } : panel.home;
  return {
    id: gridId(state, panel.owner),
    look: panel.look,
    label: `${panel.title}, ${panel.caption}`,
    chips: new Set(home?.barriers ?? []),
    pendingChips: design ? design.pendingChips() : new Set(),
    revealed: panel.look === "tracking" && panel.home !== null,
    blocked: new Set(panel.search.blocked),
    open: new Set(panel.search.open),
    trail: new Set(panel.search.trail),
    explorer: panel.search.explorer,
    explorerSeat: panel.searcher,
    pawn: home?.pawn ?? null,
    pawnPending: design ? design.pawnPending() : false,
    recentSquares: mine ? recent!.squares : new Set(),
    recentSlots: mine ? recent!.slots : new Set(),
    lastExit: panel.search.last_exit,
    targets,
  };
}

function resultText(state: BoardState, view: PathfinderView): string {
  const winner = view.winner ?? (state.returns ? state.returns.findIndex((r) => r > 0) : -1);
  if (winner === null || winner < 0) return "The game is over.";
  const winnerName = seatName(view, winner);
  const loserName = seatName(view, 1 - winner);
  if (state.seat === winner) return `You found ${loserName}'s pawn: you win!`;
  if (state.seat === 1 - winner) return `${winnerName} found your pawn: ${winnerName} wins.`;
  return `${winnerName} found ${loserName}'s pawn and wins.`;
}

/** One sentence on what is happening and what this observer may do. */
function statusText(state: BoardState, view: PathfinderView): string {
  const me = state.seat;
  const toMove = seatName(view, view.to_move);
  const myTurn = state.interactive && state.legal.length > 0;
  if (view.phase === "over" || state.status === "finished") return resultText(state, view);
  if (view.phase === "setup") {
    if (myTurn && isDesigning(state)) {
      return "Build your maze: click a square for your short pawn, click the grooves to stand chips in them. "
        + "At least one route must lead from column 1 to your pawn.";
    }
    return `${toMove} is building a maze behind the screen…`;
  }
  if (view.phase === "choose_first") return "Drawing who searches first…";
  if (myTurn) {
    const explorer = me !== null ? view.tracking[me]?.explorer : null;
    return explorer
      ? `Your turn: click a square next to your explorer on ${explorer} to ask to move there.`
      : "Your turn: click a column-1 square of your tracking grid to ask to enter there.";
  }
  return `${toMove} is searching${me !== null && view.to_move !== me ? " your grid" : ""}…`;
}

function lastQuestionText(view: PathfinderView): string | null {
  if (!view.last) return null;
  const answer = view.last.answer === "yes" ? "Yes." : "No.";
  return `${seatName(view, view.last.seat)} asked: “${questionInWords(view.last.question)}” — ${answer}`;
}

function panelFigure(panel: GridPanel, svg: SVGSVGElement, extra: HTMLElement | null): HTMLElement {
  return h("figure", { class: `pfb-panel pfb-panel-${panel.look}` },
    h("figcaption", {}, h("strong", {}, panel.title), h("span", { class: "pfb-caption" }, panel.caption)),
    svg,
    extra);
}

export function createPathfinderBoard(host: HTMLElement, initial: BoardState, ctx: BoardContext): Board {
  const root = h("div", { class: "pfb", onkeydown: (e: KeyboardEvent) => editor?.onKey(e) });
  host.append(root);
  let state = initial;
  let editor: SetupEditor | null = null;

  /** Keeps the editor across updates of the same set-up; drops it when the set-up is over. */
  const syncEditor = () => {
    const view = pathfinderView(state);
    const designing = state.interactive && state.legal.length > 0 && isDesigning(state) && state.seat !== null;
    if (!designing) {
      editor = null;
      return;
    }
    const committed = view.homes[state.seat!] ?? null;
    // In hot-seat play one board may be handed to the other seat: its design starts afresh.
    if (editor && editor.seat === state.seat) editor.rebase(committed, view.max_barriers);
    else editor = new SetupEditor(committed, view.max_barriers, state.seat!, ctx, draw);
  };

  function draw(): void {
    keepingFocus(root, drawNow);
  }

  function drawNow(): void {
    const view = pathfinderView(state);
    const canAct = state.interactive && state.legal.length > 0;
    clear(root);
    const figures = panels(state).map((panel) => {
      const own = panel.owner === state.seat;
      let targets: Target[] = [];
      if (canAct && own && editor) targets = editor.targets();
      else if (canAct && !own && state.seat !== null && view.phase === "play") targets = huntTargets(state, ctx);
      const svg = drawGrid(gridSpec(state, panel, targets, own ? editor : null));
      const extra = own && editor ? editor.toolbar() : !own && canAct && !editor ? moveButtons(state, ctx) : null;
      return panelFigure(panel, svg, extra);
    });
    const last = lastQuestionText(view);
    root.append(h("p", { class: "pfb-status", "aria-live": "polite" }, statusText(state, view)));
    if (last) root.append(h("p", { class: `pfb-last pfb-last-${view.last!.answer}` }, last));
    root.append(h("div", { class: "pfb-table" }, figures));
  }

  syncEditor();
  draw();
  return {
    update(next: BoardState) {
      state = next;
      syncEditor();
      draw();
    },
    destroy() {
      editor = null;
      root.remove();
    },
  };
}

/** A selector for a square or slot of one of the board's grids. */
function onGrid(grid: string, attr: "data-square" | "data-slot", name: string): string {
  return `[data-grid="${grid}"] [${attr}="${name}"]`;
}


/** The clicks that play `move` on a freshly drawn board (see GameUI.clicksFor). */
export function pathfinderClicks(move: string, state: BoardState): string[] | null {
  if (!state.interactive || !state.legal.includes(move)) return null;
  const parsed = parseMove(move);
  if (isDesigning(state)) {
    if (parsed?.kind === "pawn") return [onGrid("home", "data-square", move.slice("pawn ".length)), EDITOR_LOCK];
    if (parsed?.kind === "bar") return [onGrid("home", "data-slot", move.slice("bar ".length)), EDITOR_LOCK];
    if (parsed?.kind === "done") return [EDITOR_DONE];
  }
  if (parsed?.kind === "enter") return [onGrid("tracking", "data-square", move.slice("enter ".length))];
  if (parsed?.kind === "step") return [onGrid("tracking", "data-square", move.split(">")[1])];
  return [moveSelector(move)];
}
