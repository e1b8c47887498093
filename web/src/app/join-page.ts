// The invite link's page (#/join/<match>): takes a free seat, keeps its token, opens the match.
import type { ApiClient } from "../core/api";
import { clear, h } from "../core/dom";
import { matchHref } from "../core/router";
import type { TokenStore } from "../core/tokens";

export async function joinMatch(root: HTMLElement, match: string, api: ApiClient, tokens: TokenStore): Promise<void> {
  clear(root);
  root.append(h("main", { class: "join-page" }, h("p", { role: "status" }, "Taking a seat…")));
  const held = tokens.seats(match);
  if (held.length === 0) {
    const joined = await api.join(match);
    tokens.save(match, joined.seat, joined.token);
    const summary = await api.match(match);
    tokens.remember(match, summary.game, [joined.seat]);
  }
  // replace: going back from the match must not take a second seat
  window.location.replace(matchHref(match));
}
