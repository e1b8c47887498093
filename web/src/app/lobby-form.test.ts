import { describe, expect, it } from "vitest";
import type { GameInfo } from "../core/api";
import { createRequest, formProblem, newForm, parseOptionValue, setOption, setSeat, setPublic } from "./lobby-form";
import { agentFor, choiceLabel } from "./seat-choices";

const mazemakers: GameInfo = {
  id: "mazemakers", name: "Mazemakers", summary: "", min_players: 2, max_players: 4,
  perfect_information: false, chance: true,
  options: [
    { name: "board", type: "choice", default: "pentominos", choices: ["pentominos", "noPentominos"], help: "the board" },
    { name: "players", type: "int", default: 2, min: 2, max: 4, help: "number of players (2-4)" },
    { name: "quick", type: "bool", default: false, help: "shorter game" },
  ],
  agents: ["random", "ismcts", "pimc", "mcts", "heuristic"],
  strongest_agent: "ismcts",
};

describe("the lobby form", () => {
  it("maps computer strengths to the catalogue's agents", () => {
    expect(agentFor(mazemakers, "easy")).toBe("random");
    expect(agentFor(mazemakers, "medium")).toBe("heuristic");
    expect(agentFor(mazemakers, "strong")).toBe("ismcts");
    const barriers = { ...mazemakers, agents: ["random", "ismcts", "maker", "seeker", "builder"], strongest_agent: "maker" };
    expect(agentFor(barriers, "medium")).toBe("seeker");
    expect(choiceLabel(barriers, "strong")).toBe("Computer — strong (maker)");
    const tuned = { ...barriers, strongest_agent: "maker:candidates=48,sims=12" };
    expect(agentFor(tuned, "strong")).toBe("maker:candidates=48,sims=12");
    expect(choiceLabel(tuned, "strong")).toBe("Computer — strong (maker)");
  });

  it("sends defaults as they are and only changed options", () => {
    const form = newForm(mazemakers);
    expect(createRequest(form)).toEqual({
      game: "mazemakers", options: {}, seats: ["human", { agent: "heuristic" }], public: false,
    });
    const changed = setOption(setOption(form, "quick", true), "board", "noPentominos");
    expect(createRequest({ ...changed, public: false })).toEqual({
      game: "mazemakers", options: { quick: true, board: "noPentominos" },
      seats: ["human", { agent: "heuristic" }], public: false,
    });
  });

  it("lists a match by default only when a friend may join it, unless the player chose", () => {
    const form = newForm(mazemakers);
    expect(form.public).toBe(false); // against the computer: not listed
    const withFriend = setSeat(form, 1, "friend");
    expect(withFriend.public).toBe(true);
    expect(setSeat(withFriend, 1, "easy").public).toBe(false);
    const chosen = setPublic(form, true);
    expect(setSeat(chosen, 1, "easy").public).toBe(true);
    expect(setSeat(setPublic(withFriend, false), 1, "friend").public).toBe(false);
  });

  it("grows and shrinks the seat list with the player count", () => {
    let form = setOption(newForm(mazemakers), "players", 4);
    form = setSeat(setSeat(form, 1, "friend"), 3, "easy");
    expect(createRequest(form).seats).toEqual(["human", "human", { agent: "heuristic" }, { agent: "random" }]);
    expect(createRequest(form).options).toEqual({ players: 4 });
    form = setOption(form, "players", 3);
    expect(createRequest(form).seats).toEqual(["human", "human", { agent: "heuristic" }]);
  });

  it("makes every hot-seat and friend seat human", () => {
    const form = setSeat(setSeat(newForm(mazemakers), 0, "hotseat"), 1, "hotseat");
    expect(createRequest(form).seats).toEqual(["human", "human"]);
    expect(formProblem(form)).toBeNull();
  });

  it("asks for the strongest agent measured for the match's player count", () => {
    const byCount = {
      ...mazemakers,
      strongest_agent: "ismcts:iterations=1000",
      strongest_agent_by_players: { "2": "ismcts:iterations=1000", "3": "ismcts:iterations=1000,oeps=classify", "4": "ismcts:iterations=1000" },
    };
    const three = setSeat(setOption(newForm(byCount), "players", 3), 2, "strong");
    expect(createRequest(three).seats).toEqual(["human", { agent: "heuristic" }, { agent: "ismcts:iterations=1000,oeps=classify" }]);
    const four = setSeat(setOption(newForm(byCount), "players", 4), 3, "strong");
    expect(createRequest(four).seats[3]).toEqual({ agent: "ismcts:iterations=1000" });
    expect(agentFor(byCount, "strong", 3)).toBe("ismcts:iterations=1000,oeps=classify");
    expect(agentFor(mazemakers, "strong", 3)).toBe("ismcts");
  });

  it("says what is wrong with a form it cannot send", () => {
    const computers = setSeat(newForm(mazemakers), 0, "strong");
    expect(formProblem(computers)).toMatch(/At least one seat/);
    const lonelyHotSeat = setSeat(newForm(mazemakers), 0, "hotseat");
    expect(formProblem(lonelyHotSeat)).toMatch(/two or more seats/);
  });

  it("reads option values by type and range", () => {
    const players = mazemakers.options[1];
    expect(parseOptionValue(players, "3")).toBe(3);
    expect(parseOptionValue(players, "5")).toBeNull();
    expect(parseOptionValue(players, "2.5")).toBeNull();
    expect(parseOptionValue(mazemakers.options[0], "noPentominos")).toBe("noPentominos");
    expect(parseOptionValue(mazemakers.options[0], "hex")).toBeNull();
    expect(parseOptionValue(mazemakers.options[2], true)).toBe(true);
  });
});
