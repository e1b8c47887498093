// The Runner's side of the table: her hand of hearts, the Compass card, the discard pile.
// The board makes a heart clickable when a move starts with (or continues with) it.
import { h } from "../../core/dom";
import { cardWords, heartOrder, type PlayModel, SPECIAL_HEARTS } from "./model";
import { smallCardSvg } from "./cards";

function heartCard(heart: string, backFill: string): HTMLElement {
  const special = SPECIAL_HEARTS[heart];
  return h("div", {
    class: "pfc-heart",
    "data-heart": heart,
    role: "img",
    "aria-label": `${cardWords(heart)}${special ? `, the ${special}` : ""}`,
  },
  smallCardSvg(heart, backFill),
  special ? h("span", { class: "pfc-heart-power" }, special) : null);
}

export function drawTable(model: PlayModel, backFill: string): HTMLElement {
  const hand = [...model.hand].sort((a, b) => heartOrder(a) - heartOrder(b));
  const compass = model.compass;
  const compassWords: Record<string, string> = {
    none: "not chosen yet",
    table: compass.usable ? "on the table, usable now" : "on the table",
    withdrawn: "taken back into the hand",
    used: "used: the Joker was shown",
  };
  return h("div", { class: "pfc-table" },
    h("section", { class: "pfc-hand", "aria-label": "the Runner's hand of hearts" },
      h("h3", {}, `Hand (${hand.length} heart${hand.length === 1 ? "" : "s"})`),
      h("div", { class: "pfc-hearts" }, hand.map((heart) => heartCard(heart, backFill)))),
    h("section", { class: "pfc-compass", "aria-label": "the Compass" },
      h("h3", {}, "Compass"),
      compass.card && compass.state === "table"
        ? h("div", { class: `pfc-compass-card${compass.usable ? " usable" : ""}` },
          smallCardSvg(compass.card, backFill))
        : null,
      h("p", {}, compass.card ? `${cardWords(compass.card)}: ${compassWords[compass.state]}`
        : compassWords.none)),
    h("section", { class: "pfc-discards", "aria-label": "discarded hearts" },
      h("h3", {}, `Discards (${model.discards.length})`),
      h("div", { class: "pfc-discard-pile" },
        model.discards.map((heart) => h("div", { class: "pfc-discard", title: cardWords(heart) },
          smallCardSvg(heart, backFill, 30))))),
  );
}
