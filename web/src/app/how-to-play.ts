// A game's "How to play" (the engine's text for a new player), shown in the lobby for the chosen
// game and on the match page, with an example position drawn by the game's own board.
import type { GameInfo } from "../core/api";
import { h } from "../core/dom";
import { readOnlyContext } from "../games/read-only-context";
import type { Board, GameUI } from "../games/types";

const SHOW_ONLY = readOnlyContext("an example position cannot be played");

/**
 * The chosen game's "How to play": the engine's text, its paragraphs kept (indented lines are
 * list items of the paragraph above), then the UI's example position, drawn the first time the
 * disclosure opens (a closed one costs nothing).
 */
export function howToPlay(game: GameInfo, ui?: GameUI | null): HTMLElement | null {
  if (!game.how_to_play) return null;
  const example = ui?.example;
  const diagramHost = h("div", { class: "how-to-play-board", inert: "" });
  let board: Board | null = null;
  const figure = example
    ? h("figure", { class: "how-to-play-example" }, diagramHost,
      h("figcaption", {}, `An example position from a match of ${game.name}, as the board shows it.`))
    : null;
  const details = h("details", {
    class: "panel how-to-play", "data-game": game.id,
    ontoggle: () => {
      if (!details.open || board || !example || !ui) return;
      try {
        board = ui.createBoard(diagramHost, example, SHOW_ONLY);
      } catch (err) {
        console.warn(`no example board for ${game.id}`, err);
        figure?.remove();
      }
    },
  },
  h("summary", {}, `How to play ${game.name}`),
  h("pre", { class: "rules-text" }, game.how_to_play),
  ...(figure ? [figure] : []));
  return details;
}
