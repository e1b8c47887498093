// Invite links for the free human seats, each with a copy button.
import { h } from "../core/dom";
import type { MatchSummary } from "../core/api";
import { inviteUrl } from "../core/router";
import { seatName, type SeatNames } from "./names";

export function freeSeats(summary: MatchSummary): number[] {
  return summary.seats.filter((s) => s.kind === "human" && !s.joined).map((s) => s.seat);
}

/** A read-only link field and a copy button (the field stays selectable if copying is refused). */
export function copyableLink(url: string, label: string): HTMLElement {
  const field = h("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": label });
  const status = h("span", { class: "copy-status", "aria-live": "polite" });
  const copy = async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = "Copied.";
    } catch {
      status.textContent = "Select the link and copy it by hand.";
    }
  };
  return h("div", { class: "invite-link" }, field,
    h("button", { type: "button", onclick: copy }, "Copy"), status);
}

/** The panel, or null when every human seat is taken. */
export function invitePanel(summary: MatchSummary, names?: SeatNames): HTMLElement | null {
  const free = freeSeats(summary);
  if (free.length === 0) return null;
  const url = inviteUrl(summary.match, window.location);
  const who = free.map((seat) => seatName(seat, names)).join(", ");
  return h("section", { class: "panel invite-panel", "aria-label": "Invite" },
    h("h2", {}, "Invite"),
    h("p", {}, `Free seat${free.length > 1 ? "s" : ""}: ${who}. Send this link; each person who opens it takes one.`),
    copyableLink(url, "Invite link"));
}
