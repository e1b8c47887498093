// A game's "How to play" (the engine's text for a new player), shown in the lobby for the chosen
// game and on the match page, with small captioned diagrams drawn by the game's own board.
import type { GameInfo } from "../core/api";
import { h } from "../core/dom";
import { readOnlyContext } from "../games/read-only-context";
import type { Board, Diagram, GameUI } from "../games/types";
import "./how-to-play.css";

const SHOW_ONLY = readOnlyContext("a diagram cannot be played");

/**
 * The chosen game's "How to play": the engine's text, its paragraphs kept (indented lines are
 * list items of the paragraph above), then the UI's diagrams (the goal, a turn, the special cards
 * or pieces), each a position drawn small by the game's own board with a one-sentence caption.
 * The boards are drawn the first time the disclosure opens (a closed one costs nothing); a diagram
 * its board cannot draw is left out, the text and the other diagrams stay.
 */
export function howToPlay(game: GameInfo, ui?: GameUI | null): HTMLElement | null {
  if (!game.how_to_play) return null;
  const figures = (ui?.diagrams ?? []).map((diagram, index) => {
    const host = h("div", { class: "how-to-play-board", inert: "" });
    const figure = h("figure", { class: "how-to-play-diagram", "data-diagram": index }, host,
      h("figcaption", {}, diagram.caption));
    return { diagram, host, figure };
  });
  let drawn = false;
  const details = h("details", {
    class: "panel how-to-play", "data-game": game.id,
    ontoggle: () => {
      if (!details.open || drawn || !ui) return;
      drawn = true;
      for (const f of figures) if (!draw(ui, f.host, f.diagram, game.id)) f.figure.remove();
    },
  },
  h("summary", {}, `How to play ${game.name}`),
  h("pre", { class: "rules-text" }, game.how_to_play),
  figures.length > 0 && h("div", { class: "how-to-play-diagrams", "data-game": game.id },
    figures.map((f) => f.figure)));
  return details;
}

/** One diagram drawn by the game's board, shown only; null (and a warning) when it cannot be. */
function draw(ui: GameUI, host: HTMLElement, diagram: Diagram, id: string): Board | null {
  try {
    return ui.createBoard(host, { ...diagram.state, legal: [], interactive: false }, SHOW_ONLY);
  } catch (err) {
    console.warn(`no diagram "${diagram.caption}" for ${id}`, err);
    return null;
  }
}
