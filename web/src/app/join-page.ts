// The invite link's page (#/join/<match>): takes a free seat, keeps its token, opens the match.
// When every seat is taken it says so and offers to watch instead.
import { ApiError, type ApiClient } from "../core/api";
import { clear, h } from "../core/dom";
import { matchHref } from "../core/router";
import type { TokenStore } from "../core/tokens";

export async function joinMatch(root: HTMLElement, match: string, api: ApiClient, tokens: TokenStore): Promise<void> {
  clear(root);
  const status = h("p", { role: "status" }, "Taking a seat…");
  root.append(h("main", { class: "join-page" }, status));
  if (tokens.seats(match).length === 0) {
    try {
      const joined = await api.join(match);
      tokens.save(match, joined.seat, joined.token);
      const summary = await api.match(match);
      tokens.remember(match, summary.game, [joined.seat]);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === "seat_taken")) throw err;
      status.replaceWith(h("p", { role: "alert" }, `${err.message}. `,
        h("a", { href: matchHref(match, true) }, "Watch the match instead"), " or ",
        h("a", { href: "#/" }, "go to the lobby"), "."));
      return;
    }
  }
  // replace: going back from the match must not take a second seat
  window.location.replace(matchHref(match));
}
