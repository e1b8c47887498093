// The hot-seat cover: it replaces the whole match view (nothing of any seat's view is in the page
// meanwhile) until the named player says it is them.
import { h } from "../core/dom";
import { seatName, type SeatNames } from "./names";

export function passDeviceCover(seat: number, onReady: () => void, names?: SeatNames): HTMLElement {
  const button = h("button", { type: "button", class: "primary", onclick: onReady, "data-iam": seat },
    `I am ${seatName(seat, names)}`);
  const cover = h("div", { class: "pass-device", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title" },
    h("h2", { id: "pass-title" }, `Pass the device to ${seatName(seat, names)}`),
    h("p", {}, "The other players should look away. The board appears once you confirm."),
    button);
  queueMicrotask(() => button.focus());
  return cover;
}
