// A board for any game: the view as text and one button per legal move. The starting point of a
// game's folder while its real board is built; the app's move list uses the same markup.
import { clear, h } from "../core/dom";
import type { Board, BoardContext, BoardState, GameUI } from "./types";

/** A selector for the element whose data-move attribute is `move` (pure: tests run it in node). */
export function moveSelector(move: string): string {
  return `[data-move="${move.replace(/["\\]/g, (c) => "\\" + c)}"]`;
}

/** A design phase can have tens of thousands of legal texts: the plain board draws this many. */
export const GENERIC_MAX_BUTTONS = 300;

export function genericUI(id: string): GameUI {
  return {
    id,
    createBoard(host: HTMLElement, state: BoardState, ctx: BoardContext): Board {
      const root = h("div", { class: "generic-board" });
      host.append(root);
      const draw = (st: BoardState) => {
        clear(root);
        root.append(
          h("pre", { class: "generic-view" }, JSON.stringify(st.view, null, 1)),
          h("div", { class: "generic-moves" },
            st.interactive
              ? st.legal.slice(0, GENERIC_MAX_BUTTONS)
                .map((m) => h("button", { "data-move": m, onclick: () => ctx.play(m) }, m))
              : []),
        );
        if (st.interactive && st.legal.length > GENERIC_MAX_BUTTONS) {
          root.append(h("p", { class: "help" },
            `${st.legal.length - GENERIC_MAX_BUTTONS} more moves: type them in the notation box.`));
        }
      };
      draw(state);
      return { update: draw, destroy: () => root.remove() };
    },
    clicksFor: (move, state) => {
      const index = state.legal.indexOf(move);
      return index >= 0 && index < GENERIC_MAX_BUTTONS ? [moveSelector(move)] : null;
    },
  };
}
