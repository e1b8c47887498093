// A game's "How to play" (the engine's text for a new player), shown in the lobby for the chosen
// game and on the match page.
import type { GameInfo } from "../core/api";
import { h } from "../core/dom";

/** The chosen game's "How to play": the engine's text, its paragraphs kept (indented lines are
 * list items of the paragraph above). */
export function howToPlay(game: GameInfo): HTMLElement | null {
  if (!game.how_to_play) return null;
  return h("details", { class: "panel how-to-play", "data-game": game.id },
    h("summary", {}, `How to play ${game.name}`),
    h("pre", { class: "rules-text" }, game.how_to_play));
}
