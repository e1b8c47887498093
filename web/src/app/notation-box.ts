// The notation box: type a move in the game's notation and play it; the server's refusal is shown
// right under it.
import { h } from "../core/dom";

export interface NotationBox {
  el: HTMLElement;
  showError(message: string): void;
  setEnabled(enabled: boolean): void;
}

export function createNotationBox(play: (text: string) => void): NotationBox {
  const input = h("input", {
    id: "notation", type: "text", autocomplete: "off", spellcheck: "false",
    "aria-describedby": "notation-error", placeholder: "a move in notation",
  });
  const error = h("p", { id: "notation-error", class: "inline-error", role: "alert" });
  const button = h("button", { type: "submit" }, "Play");
  const form = h("form", {
    class: "notation-form",
    onsubmit: (ev: Event) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (text === "") return;
      error.textContent = "";
      play(text);
      input.value = "";
    },
  }, h("label", { for: "notation" }, "Type a move"), h("div", { class: "row" }, input, button), error);
  const el = h("section", { class: "panel notation-box", "aria-label": "Notation" }, form);
  return {
    el,
    showError: (message) => (error.textContent = message),
    setEnabled(enabled) {
      input.disabled = !enabled;
      button.disabled = !enabled;
    },
  };
}
