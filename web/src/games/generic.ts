// A board for any game: the view as text and one button per legal move. The starting point of a
// game's folder while its real board is built; the app's move list uses the same markup.
import { clear, h } from "../core/dom";
import type { Board, BoardContext, BoardState, GameUI } from "./types";

/** A selector for the element whose data-move attribute is `move` (pure: tests run it in node). */
export function moveSelector(move: string): string {
  return `[data-move="${move.replace(/["\\]/g, (c) => "\\" + c)}"]`;
}

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
              ? st.legal.map((m) => h("button", { "data-move": m, onclick: () => ctx.play(m) }, m))
              : []),
        );
      };
      draw(state);
      return { update: draw, destroy: () => root.remove() };
    },
    clicksFor: (move) => [moveSelector(move)],
  };
}
