// The view of docs/rules/pathfinder-barriers.md ("Views") as types, and which two grids an observer
// looks at: a seat its own home grid and its tracking grid; a spectator or an omniscient replay
// North's and South's grids. Nothing here adds information the view does not hold.
import type { BoardState } from "../types";
import type { HomeGrid } from "./notation";

export interface Tracking {
  explorer: string | null;
  blocked: string[];
  open: string[];
  trail: string[];
  last_exit: string | null;
  turns: number;
}

export interface PathfinderView {
  observer: number | "spectator" | "omniscient";
  seats: string[];
  max_barriers: number;
  phase: "setup" | "choose_first" | "play" | "over";
  to_move: number;
  first: number | null;
  winner: number | null;
  setup_done: boolean[];
  homes: (HomeGrid | null)[];
  tracking: Tracking[];
  last: { seat: number; question: string; answer: "yes" | "no" } | null;
}

/** One grid on the table: seat `owner`'s home grid, as far as it is visible, and the search of it. */
export interface GridPanel {
  owner: number;
  /** The owner's chips and pawn, or null while hidden behind the barrier screen. */
  home: HomeGrid | null;
  /** The other seat's exploration of this grid (its tall pawn, light chips, trail discs). */
  search: Tracking;
  searcher: number;
  /** "home": the observer's own orange grid; "tracking": a grid seen through its searcher's eyes. */
  look: "home" | "tracking";
  title: string;
  caption: string;
}

export function pathfinderView(state: BoardState): PathfinderView {
  return state.view as PathfinderView;
}

export function seatName(view: PathfinderView, seat: number): string {
  return view.seats?.[seat] ?? (seat === 0 ? "North" : "South");
}

function panelFor(view: PathfinderView, owner: number, observer: number | null): GridPanel {
  const searcher = 1 - owner;
  const home = view.homes[owner] ?? null;
  const own = observer === owner;
  // A grid whose chips are seen is the orange home grid, except a seat's own tracking grid, which
  // stays the grey tracking board with the revealed chips drawn on it.
  const look = own || (observer === null && home) ? "home" : "tracking";
  let title: string;
  let caption: string;
  if (observer === null) {
    title = `${seatName(view, owner)}'s home grid`;
    caption = `searched by ${seatName(view, searcher)}`;
  } else if (own) {
    title = "Your home grid";
    caption = `${seatName(view, searcher)}'s search of it`;
  } else {
    title = "Your tracking grid";
    caption = home ? `${seatName(view, owner)}'s grid, revealed` : `what you have found of ${seatName(view, owner)}'s grid`;
  }
  return { owner, home, search: view.tracking[searcher], searcher, look, title, caption };
}

/** The observer's two grids, in reading order: its own home grid first, then its tracking grid. */
export function panels(state: BoardState): GridPanel[] {
  const view = pathfinderView(state);
  const me = state.seat;
  if (me === 0 || me === 1) return [panelFor(view, me, me), panelFor(view, 1 - me, me)];
  return [panelFor(view, 0, null), panelFor(view, 1, null)];
}

/** True while this seat designs its home grid (the set-up editor is shown). */
export function isDesigning(state: BoardState): boolean {
  const view = pathfinderView(state);
  return view.phase === "setup" && state.seat !== null && view.to_move === state.seat && !view.setup_done[state.seat];
}
