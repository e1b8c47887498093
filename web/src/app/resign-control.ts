// Resigning ends the match for good, so it takes two clicks: "Resign", then "Yes, resign" (or
// "Keep playing"). The steps are pure (`nextResignStep`) so they are tested without a page.
import { h } from "../core/dom";

export type ResignStep = "idle" | "confirming";
export type ResignClick = "resign" | "confirm" | "cancel";

/** The step after a click, and whether that click sends the resignation. */
export function nextResignStep(step: ResignStep, click: ResignClick): { step: ResignStep; send: boolean } {
  if (click === "resign") return { step: "confirming", send: false };
  if (click === "confirm" && step === "confirming") return { step: "idle", send: true };
  return { step: "idle", send: false };
}

export interface ResignControl {
  el: HTMLElement;
  /** Shown only to a seated player while the match is on; hiding it also drops a pending confirm. */
  show(visible: boolean): void;
}

/** `resign()` sends the resignation; false when it could not be sent (not connected). */
export function createResignControl(resign: () => boolean): ResignControl {
  let step: ResignStep = "idle";
  const status = h("span", { class: "resign-status", role: "status" });
  const ask = h("button", { type: "button", class: "resign", "data-resign": "ask" }, "Resign");
  const confirm = h("button", { type: "button", class: "resign danger", "data-resign": "confirm" },
    "Yes, resign");
  const cancel = h("button", { type: "button", "data-resign": "cancel" }, "Keep playing");
  const question = h("span", { class: "resign-question" }, "Resign and lose this match? ");
  const el = h("div", { class: "resign-control" }, ask, question, confirm, cancel, status);
  const draw = () => {
    const confirming = step === "confirming";
    ask.hidden = confirming;
    question.hidden = confirm.hidden = cancel.hidden = !confirming;
    if (confirming) confirm.focus();
  };
  const click = (what: ResignClick) => {
    const next = nextResignStep(step, what);
    step = next.step;
    status.textContent = next.send && !resign() ? "Not connected: the resignation was not sent." : "";
    draw();
  };
  ask.addEventListener("click", () => click("resign"));
  confirm.addEventListener("click", () => click("confirm"));
  cancel.addEventListener("click", () => click("cancel"));
  draw();
  return {
    el,
    show(visible: boolean) {
      if (!visible && step !== "idle") {
        step = "idle";
        draw();
      }
      el.hidden = !visible;
    },
  };
}

/**
 * Whether the page may move to the rematch: once every seat held here has its token for the new
 * match (each arrives on that seat's own connection), or at once for a spectator.
 */
export function readyToFollow(held: number[], tokensFor: (seat: number) => string | undefined): boolean {
  return held.every((seat) => tokensFor(seat) !== undefined);
}
