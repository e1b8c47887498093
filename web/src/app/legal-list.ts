// The legal moves as buttons: a keyboard path to every move, folded away by default. A design
// phase can have tens of thousands of legal texts, so at most SHOWN buttons are drawn, narrowed by
// a filter, and nothing is drawn while the list is folded.
import { clear, h } from "../core/dom";

export const SHOWN = 120;

/** The moves to draw for a filter text: those containing it (case-insensitive), at most SHOWN. */
export function visibleMoves(moves: string[], filter: string): { shown: string[]; matching: number } {
  const needle = filter.trim().toLowerCase();
  const matching = needle === "" ? moves : moves.filter((m) => m.toLowerCase().includes(needle));
  return { shown: matching.slice(0, SHOWN), matching: matching.length };
}

export interface LegalList {
  el: HTMLElement;
  show(moves: string[]): void;
}

export function createLegalList(play: (move: string) => void): LegalList {
  let moves: string[] = [];
  const count = h("span", {}, "");
  const list = h("div", { class: "legal-moves" });
  const more = h("p", { class: "help" });
  const filter = h("input", { type: "search", class: "legal-filter", "aria-label": "Filter the legal moves",
    placeholder: "filter", oninput: () => draw() });
  const el = h("details", { class: "panel legal-list", ontoggle: () => draw() },
    h("summary", {}, "Legal moves ", count), filter, list, more);
  const draw = () => {
    clear(list);
    more.textContent = "";
    if (!el.open) return;
    const { shown, matching } = visibleMoves(moves, filter.value);
    for (const m of shown) list.append(h("button", { type: "button", "data-legal": m, onclick: () => play(m) }, m));
    if (matching > shown.length) more.textContent = `${matching - shown.length} more: type in the filter to narrow the list.`;
  };
  return {
    el,
    show(next) {
      moves = next;
      count.textContent = `(${moves.length})`;
      filter.hidden = moves.length <= SHOWN;
      draw();
    },
  };
}
