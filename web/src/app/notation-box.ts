// The notation box: type a move in the game's notation and play it. A refusal from the server is
// shown in the match page's feedback place above the board, with the other feedback.
import { h } from "../core/dom";

export interface NotationBox {
  el: HTMLElement;
  setEnabled(enabled: boolean): void;
}

export function createNotationBox(play: (text: string) => void): NotationBox {
  const input = h("input", {
    id: "notation", type: "text", autocomplete: "off", spellcheck: "false",
    placeholder: "a move in notation",
  });
  const button = h("button", { type: "submit" }, "Play");
  const form = h("form", {
    class: "notation-form",
    onsubmit: (ev: Event) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (text === "") return;
      play(text);
      input.value = "";
    },
  }, h("label", { for: "notation" }, "Type a move"), h("div", { class: "row" }, input, button));
  const el = h("section", { class: "panel notation-box", "aria-label": "Notation" }, form);
  return {
    el,
    setEnabled(enabled) {
      input.disabled = !enabled;
      button.disabled = !enabled;
    },
  };
}
