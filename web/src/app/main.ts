// The app's entry: routes each hash to its page, shares one API client, token store and game
// catalogue, and shows any failure in words instead of a blank page.
import "./style.css";
import { ApiClient, type GameInfo } from "../core/api";
import { clear, h } from "../core/dom";
import { onRouteChange, type Route } from "../core/router";
import { TokenStore } from "../core/tokens";
import { joinMatch } from "./join-page";
import { showLobby } from "./lobby";
import { MatchPage } from "./match-page";
import { ReplayPage } from "./replay-page";

const api = new ApiClient();
const tokens = new TokenStore();
let catalogue: Promise<GameInfo[]> | null = null;

function games(): Promise<GameInfo[]> {
  catalogue ??= api.games().catch((err) => {
    catalogue = null; // retry on the next page instead of remembering the failure
    throw err;
  });
  return catalogue;
}

async function gameInfo(id: string): Promise<GameInfo | undefined> {
  try {
    return (await games()).find((g) => g.id === id);
  } catch {
    return undefined;
  }
}

async function gameName(id: string): Promise<string> {
  try {
    return (await games()).find((g) => g.id === id)?.name ?? id;
  } catch {
    return id;
  }
}

const root = document.getElementById("app")!;
let current: { stop(): void } | null = null;

function showFailure(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  clear(root);
  root.append(h("main", { class: "failure" },
    h("h1", {}, "Something went wrong"),
    h("p", { role: "alert", class: "inline-error" }, message),
    h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
}

async function show(route: Route): Promise<void> {
  current?.stop();
  current = null;
  window.scrollTo(0, 0);
  switch (route.page) {
    case "lobby":
      return showLobby(root, { api, tokens, games });
    case "join":
      return joinMatch(root, route.match, api, tokens);
    case "match": {
      if (route.seat !== undefined && route.token) {
        tokens.save(route.match, route.seat, route.token);
        // the secret leaves the address bar and the history
        history.replaceState(null, "", `#/match/${encodeURIComponent(route.match)}`);
      }
      const page = new MatchPage(root, route.match, route.spectate, { api, tokens, gameName, gameInfo });
      current = page;
      return page.start();
    }
    case "replay": {
      const page = new ReplayPage(root, route.match, route.observer, { api, tokens, gameName }, route.step);
      current = page;
      return page.start();
    }
    case "not-found":
      return showFailure(new Error(`There is no page at ${route.hash}.`));
  }
}

onRouteChange((route) => void show(route).catch(showFailure));
