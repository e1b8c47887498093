// The lobby (#/): the game catalogue and the new-match form, the public matches open to join, and
// the matches this browser played recently.
import { ApiClient, type GameInfo, type MatchSummary } from "../core/api";
import { clear, h } from "../core/dom";
import { inviteUrl, joinHref, matchHref, replayHref } from "../core/router";
import type { TokenStore } from "../core/tokens";
import { copyableLink } from "./invite-panel";
import { createRequest, type LobbyForm } from "./lobby-form";
import { lobbyFormView } from "./lobby-form-view";
import { seatName } from "./names";
import { isHeldHere } from "./seat-choices";
import { gameUI } from "../games/registry";
import { howToPlay } from "./how-to-play";

export interface LobbyDeps {
  api: ApiClient;
  tokens: TokenStore;
  games(): Promise<GameInfo[]>;
}

function playerRange(game: GameInfo): string {
  return game.min_players === game.max_players ? `${game.min_players} players`
    : `${game.min_players}–${game.max_players} players`;
}

/** Creates the match, takes the seats played here, and goes to it (or shows the invite first). */
async function createAndJoin(deps: LobbyDeps, form: LobbyForm, after: HTMLElement,
  created: () => void): Promise<void> {
  const summary = await deps.api.createMatch(createRequest(form));
  const held: number[] = [];
  for (const [seat, choice] of form.seats.entries()) {
    if (!isHeldHere(choice)) continue;
    const joined = await deps.api.join(summary.match, seat);
    deps.tokens.save(summary.match, joined.seat, joined.token);
    held.push(joined.seat);
  }
  deps.tokens.remember(summary.match, form.game.id, held);
  if (!form.seats.includes("friend")) {
    window.location.hash = matchHref(summary.match);
    return;
  }
  clear(after);
  const go = h("a", { href: matchHref(summary.match), class: "button-link primary", id: "go-to-match" },
    "Go to the match");
  after.append(h("section", { class: "panel created", "aria-label": "Invite your friend" },
    h("h2", {}, "Match created"),
    h("p", {}, "Send this invite link to your friend; it gives them a free seat."),
    copyableLink(inviteUrl(summary.match, window.location), "Invite link"),
    h("p", {}, go)));
  created();
  after.scrollIntoView({ block: "nearest" });
  go.focus();
}

function gameCatalogue(games: GameInfo[], choose: (game: GameInfo) => void): HTMLElement {
  return h("section", { class: "catalogue", "aria-label": "Games" },
    h("h2", {}, "Choose a game"),
    h("ul", { class: "game-list" }, games.map((g) =>
      h("li", {}, h("button", { type: "button", class: "game-card", "data-game": g.id, onclick: () => choose(g) },
        h("strong", {}, g.name), h("span", { class: "players" }, playerRange(g)),
        h("span", { class: "summary" }, g.summary))))));
}

function matchRow(m: MatchSummary, names: Map<string, string>): HTMLElement {
  const free = m.seats.filter((s) => s.kind === "human" && !s.joined).length;
  return h("li", {},
    h("span", {}, `${names.get(m.game) ?? m.game} · ${m.match} · ${free} free seat${free === 1 ? "" : "s"}`),
    free > 0 && m.status === "playing" ? h("a", { href: joinHref(m.match), class: "button-link" }, "Join") : null,
    h("a", { href: matchHref(m.match, true) }, "Watch"));
}

function publicMatches(deps: LobbyDeps, names: Map<string, string>): { el: HTMLElement; refresh(): Promise<void> } {
  const list = h("ul", { class: "match-list" });
  const status = h("p", { class: "help", role: "status" });
  const refresh = async () => {
    status.textContent = "Loading…";
    try {
      const open = (await deps.api.publicMatches()).filter((m) => m.status === "playing");
      clear(list);
      for (const m of open) list.append(matchRow(m, names));
      status.textContent = open.length === 0 ? "No public match is open right now." : "";
    } catch (err) {
      status.textContent = err instanceof Error ? err.message : String(err);
    }
  };
  void refresh();
  const el = h("section", { class: "panel public-matches", "aria-label": "Open matches" },
    h("h2", {}, "Open public matches"), status, list,
    h("button", { type: "button", onclick: refresh }, "Refresh"));
  return { el, refresh };
}

/** The seats held in a recent match, named as the game names them when that needs no options. */
function heldSeats(game: string, seats: number[]): string {
  let names: string[] | undefined;
  try {
    names = gameUI(game)?.seatNames?.({}, Math.max(0, ...seats) + 1);
  } catch {
    names = undefined;
  }
  return seats.map((seat) => seatName(seat, names)).join(", ");
}

function recentMatches(tokens: TokenStore, names: Map<string, string>): HTMLElement | null {
  const recent = tokens.recent();
  if (recent.length === 0) return null;
  return h("section", { class: "panel recent-matches", "aria-label": "Your recent matches" },
    h("h2", {}, "Your recent matches"),
    h("ul", { class: "match-list" }, recent.map((r) =>
      h("li", {},
        h("span", {}, `${names.get(r.game) ?? r.game} · ${r.match} · ${heldSeats(r.game, r.seats) || "watching"} · `,
          h("time", { datetime: r.at }, new Date(r.at).toLocaleString())),
        h("a", { href: matchHref(r.match), class: "button-link" }, "Continue"),
        h("a", { href: replayHref(r.match, r.seats[0] ?? "omniscient") }, "Replay")))));
}

export async function showLobby(root: HTMLElement, deps: LobbyDeps): Promise<void> {
  clear(root);
  const formSlot = h("div", { class: "form-slot" });
  const afterSlot = h("div", { class: "after-slot" });
  const page = h("main", { class: "lobby" },
    h("header", { class: "lobby-header" }, h("h1", {}, "Mazeworks"),
      h("p", {}, "Five maze-exploration tabletop games. Play against the computer, with a friend, or hot-seat on one device.")));
  root.append(page);
  const games = await deps.games();
  const names = new Map(games.map((g) => [g.id, g.name]));
  const open = publicMatches(deps, names);
  const choose = (game: GameInfo) => {
    for (const b of page.querySelectorAll(".game-card")) b.setAttribute("aria-pressed", String(b.getAttribute("data-game") === game.id));
    clear(formSlot);
    clear(afterSlot);
    const rules = howToPlay(game, gameUI(game.id));
    if (rules) formSlot.append(rules);
    formSlot.append(lobbyFormView(game, (form) => createAndJoin(deps, form, afterSlot, () => void open.refresh()),
      gameUI(game.id)));
  };
  page.append(h("div", { class: "lobby-grid" },
    h("div", {}, gameCatalogue(games, choose), formSlot, afterSlot),
    h("div", {}, open.el, recentMatches(deps.tokens, names))));
  if (games.length > 0) choose(games[0]);
}
