import { describe, expect, it } from "vitest";
import type { GameInfo } from "../core/api";
import { createRequest, type LobbyForm } from "./lobby-form";
import { lobbyFormView } from "./lobby-form-view";
import { pathfinderCardsUI } from "../games/pathfinder-cards";
import { treasureHuntUI } from "../games/treasure-hunt";

const jokers: GameInfo = {
  id: "jokers-labyrinth", name: "The Joker's Labyrinth", summary: "", min_players: 2, max_players: 4,
  perfect_information: false, chance: true,
  options: [
    { name: "players", type: "int", default: 2, min: 2, max: 4, help: "number of players" },
    { name: "boost", type: "bool", default: true, help: "the Boost rule" },
  ],
  agents: ["random", "ismcts", "heuristic"], strongest_agent: "ismcts",
};

function change(el: Element | null, value: string | boolean): void {
  if (!el) throw new Error("no such control");
  if (typeof value === "boolean") (el as HTMLInputElement).checked = value;
  else (el as HTMLInputElement).value = value;
  el.dispatchEvent(new Event("change"));
}

describe("the lobby form's controls", () => {
  it("turn the player's choices into the create request", async () => {
    const sent: LobbyForm[] = [];
    const form = lobbyFormView(jokers, async (f) => void sent.push(f));
    document.body.append(form);
    change(form.querySelector("#option-players"), "3");
    expect(form.querySelectorAll(".seat-choice select")).toHaveLength(3);
    change(form.querySelector("#seat-1"), "friend");
    change(form.querySelector("#seat-2"), "strong");
    change(form.querySelector("#option-boost"), false);
    change(form.querySelector("#match-public"), false);
    form.querySelector<HTMLButtonElement>("#create-match")!.click();
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    expect(createRequest(sent[0])).toEqual({
      game: "jokers-labyrinth", options: { players: 3, boost: false },
      seats: ["human", "human", { agent: "ismcts" }], public: false,
    });
    form.remove();
  });

  it("shows why a form cannot be sent, and sends nothing", async () => {
    const sent: LobbyForm[] = [];
    const form = lobbyFormView(jokers, async (f) => void sent.push(f));
    document.body.append(form);
    change(form.querySelector("#seat-0"), "easy");
    form.querySelector<HTMLButtonElement>("#create-match")!.click();
    await Promise.resolve();
    expect(sent).toHaveLength(0);
    expect(form.querySelector("#create-error")!.textContent).toMatch(/At least one seat/);
    form.remove();
  });

  it("explains every option with its default", () => {
    const form = lobbyFormView(jokers, async () => {});
    expect(form.querySelector("#option-boost-help")!.textContent).toBe("The Boost rule. Default: on.");
    expect(form.querySelector("#seat-2 option[value=medium]")).toBeNull();
    expect(form.querySelector("#seat-1 option[value=medium]")!.textContent).toBe("Computer — medium (heuristic)");
  });

  it("names the seats as the game does, a role only when the options fix it", () => {
    const labels = (form: HTMLElement) => [...form.querySelectorAll(".seat-choice label")].map((l) => l.textContent);
    const hunt: GameInfo = { ...jokers, id: "treasure-hunt", min_players: 2, max_players: 2, options: [] };
    expect(labels(lobbyFormView(hunt, async () => {}, treasureHuntUI))).toEqual(["Green", "Purple"]);
    expect(labels(lobbyFormView(jokers, async () => {}))).toEqual(["Player 1", "Player 2"]);
    const cards: GameInfo = { ...jokers, id: "pathfinder-cards", min_players: 2, max_players: 2, options: [
      { name: "matchGames", type: "choice", default: "1", choices: ["1", "2", "4"], help: "match play" },
      { name: "roles", type: "choice", default: "random", choices: ["random", "seat0Maker", "seat0Runner"],
        help: "who makes the (first) maze" },
    ] };
    const form = lobbyFormView(cards, async () => {}, pathfinderCardsUI);
    document.body.append(form);
    expect(labels(form)).toEqual(["Player 1", "Player 2"]);
    change(form.querySelector("#option-roles"), "seat0Runner");
    expect(labels(form)).toEqual(["Runner", "Maker"]); // what the match header will say
    change(form.querySelector("#option-matchGames"), "2");
    expect(labels(form)).toEqual(["Player 1", "Player 2"]); // the roles alternate in a match
    // The options in plain words: a label and a name for each choice, no engine keys.
    expect(form.querySelector("label[for=option-roles]")!.textContent).toBe("Who makes the (first) maze");
    expect([...form.querySelectorAll("#option-roles option")].map((o) => o.textContent))
      .toEqual(["drawn at random", "Player 1 is the Maker", "Player 1 is the Runner"]);
    expect(form.querySelector("#option-roles-help")!.textContent).toBe("Who makes the (first) maze. Default: drawn at random.");
    form.remove();
  });
});
