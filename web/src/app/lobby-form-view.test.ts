import { describe, expect, it } from "vitest";
import type { GameInfo } from "../core/api";
import { createRequest, type LobbyForm } from "./lobby-form";
import { lobbyFormView } from "./lobby-form-view";

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
    expect(form.querySelector("#option-boost-help")!.textContent).toBe("The Boost rule. Default: true.");
    expect(form.querySelector("#seat-2 option[value=medium]")).toBeNull();
    expect(form.querySelector("#seat-1 option[value=medium]")!.textContent).toBe("Computer — medium (heuristic)");
  });
});
