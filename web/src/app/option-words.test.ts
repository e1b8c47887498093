// Every option of every game has a written label, and every choice a plain name: the games'
// options are fixtures/game-options.json, which the C++ suite keeps equal to the engine's
// (tests/cli_test.cpp, CliGames.TheWebAppsListOfOptionsIsTheEngines).
import { describe, expect, it } from "vitest";
import games from "./fixtures/game-options.json";
import { choiceName, OPTION_WORDS, optionWords } from "./option-words";

interface ListedOption { name: string; type: "bool" | "int" | "choice"; choices?: string[] }
const listed = games as Record<string, ListedOption[]>;

/** An engine key left in the words: camel case ("seat0Maker"), a seat number, an underscore. */
const KEY = /[a-z][A-Z]|[a-z]\d|\bseat \d|_/;

describe("option words", () => {
  it("cover the five games", () => {
    expect(Object.keys(listed).sort()).toEqual(
      ["jokers-labyrinth", "mazemakers", "pathfinder-barriers", "pathfinder-cards", "treasure-hunt"]);
  });

  for (const [game, options] of Object.entries(listed)) {
    it(`label every option of ${game} and name every choice, in plain words`, () => {
      for (const option of options) {
        const words = optionWords(game, option.name);
        expect(words, `${game}: ${option.name} has no label`).toBeDefined();
        expect(words!.label, `${game}: ${option.name}`).not.toMatch(KEY);
        for (const choice of option.choices ?? []) {
          const name = choiceName(words, choice);
          expect(name, `${game}: ${option.name}=${choice} has no name`).toBeDefined();
          expect(name, `${game}: ${option.name}=${choice}`).not.toMatch(KEY);
        }
      }
      // ...and no label is left for an option the game no longer has.
      expect(Object.keys(OPTION_WORDS[game]).sort()).toEqual(options.map((o) => o.name).sort());
    });
  }

  it("name the choices players could not read", () => {
    const cards = optionWords("pathfinder-cards", "roles");
    expect(cards?.label).toBe("Who makes the (first) maze");
    expect(choiceName(cards, "seat0Maker")).toBe("Player 1 is the Maker");
    expect(choiceName(cards, "seat0Runner")).toBe("Player 1 is the Runner");
    expect(choiceName(optionWords("treasure-hunt", "mapKey"), "LDUR")).toBe("♣ left, ♦ down, ♥ up, ♠ right");
    expect(choiceName(optionWords("treasure-hunt", "specializedKey"), "UDLR"))
      .toBe("red up, blue down, yellow left, green right");
    expect(choiceName(optionWords("treasure-hunt", "mapKey"), "LDU")).toBeUndefined();
    expect(optionWords("treasure-hunt", "toString")).toBeUndefined();
  });
});
