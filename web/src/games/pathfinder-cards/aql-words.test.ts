// The Advisor's questions in words, and the question language's text on the browser's side. The
// cases of ENGINE were played through `mazeworks engine` (`ask <text>`): the `q` tokens it logged
// and the text its view printed back, so the browser reads and writes what the engine does.
import { describe, expect, it } from "vitest";
import { allowed, holes, infixText, parseQuestion } from "./aql";
import { BLANK, questionWords } from "./aql-words";

const ENGINE: Array<[text: string, tokens: string]> = [
  ["card (1,1) is suit D and not joker_in row 2", "and card (1,1) suit D not joker_in row 2"],
  ["count(neighbors((4,2), orth), suit D, face_down) >= 1", "count neighbors (4,2) orth suit D face_down >= 1"],
  ["joker_in halfplane(x < 3.5)", "joker_in halfplane x < 3.5"],
  ["on_shortest_path((4,2), N)", "on_shortest_path (4,2) N"],
  ["not (card (1,1) is red or joker_in all)", "not or card (1,1) red joker_in all"],
  ["(card (1,1) is black or joker_in col 3) and on_some_path((2,2))",
    "and or card (1,1) black joker_in col 3 on_some_path (2,2)"],
  ["card (2,2) is rank >= 10", "card (2,2) rank >= 10"],
  ["card (2,2) is rank A", "card (2,2) rank = A"],
  ["joker_in cells{(1,1), (2,2), (3,0)}", "joker_in cells 3 (1,1) (2,2) (3,0)"],
  ["joker_in rect(0 0 3 4)", "joker_in rect 0 0 3 4"],
  ["joker_in side_of_line((1,1) (5,3) left)", "joker_in side_of_line (1,1) (5,3) left"],
  ["dist((2,1), (3,3)) != 2", "dist (2,1) (3,3) != 2"],
  ["dist((2,1), joker) <= 3", "dist (2,1) joker <= 3"],
  ["path_exists((0,2), joker)", "path_exists (0,2) joker"],
  ["count(row 1, diamond_or_joker, any) = 0", "count row 1 diamond_or_joker any = 0"],
  ["joker_in neighbors((2,2), hex) or joker_in halfplane(y >= -0.5) or card (0,0) is joker",
    "or or joker_in neighbors (2,2) hex joker_in halfplane y >= -0.5 card (0,0) joker"],
  ["not not card (0,0) is any", "not not card (0,0) any"],
  ["card (0,0) is suit D and card (1,0) is suit D and card (2,0) is suit D",
    "and and card (0,0) suit D card (1,0) suit D card (2,0) suit D"],
];

describe("the question language", () => {
  it("reads and prints questions as the engine does", () => {
    for (const [text, tokens] of ENGINE) {
      expect(parseQuestion(text), text).toEqual(tokens.split(" "));
      expect(infixText(tokens.split(" ")), text).toBe(text);
      expect(holes(tokens.split(" ")), text).toEqual([]);
    }
    // Written by a player: symbols, the facing left out, extra spaces.
    expect(parseQuestion("count( row 1 , ♦ )".replace("♦", "suit ♦") + " = 0"))
      .toEqual("count row 1 suit D any = 0".split(" "));
  });

  it("prints a question under way as the view does, ? for what is missing", () => {
    expect(infixText(["card"])).toBe("card ? is ?");
    expect(infixText(["joker_in"])).toBe("joker_in ?");
    expect(holes(["card", "(1,1)"])!.map((h) => h.slot)).toEqual(["pred"]);
    expect(holes(["card", "joker"])).toBeNull();
  });

  it("keeps a question within 64 tokens and the board's directions", () => {
    expect(allowed(["on_shortest_path", "(1,1)"], ["N"], false)).toBe(true);
    expect(allowed(["on_shortest_path", "(1,1)"], ["N"], true)).toBe(false);
    expect(allowed(["on_shortest_path", "(1,1)"], ["NE"], true)).toBe(true);
    const long = Array<string>(61).fill("not");
    expect(allowed(long, ["on_some_path"], false)).toBe(true); // 61 + 2 = 63
    expect(allowed(long, ["and"], false)).toBe(false); // and needs 5 more
  });
});

describe("questions in words", () => {
  const words = (tokens: string) => questionWords(tokens.split(" "));

  it("reads each kind of question as an English question", () => {
    expect(words("dist (5,1) joker <= 3")).toBe("Is the Joker within 3 steps of 5,1 along diamonds?");
    expect(words("card (7,0) suit D")).toBe("Is the card at 7,0 a diamond?");
    expect(words("card (2,2) rank >= 10")).toBe("Is the card at 2,2 of rank 10 or above?");
    expect(words("joker_in row 2")).toBe("Is the Joker in row 2?");
    expect(words("joker_in halfplane x < 3.5")).toBe("Is the Joker in a column numbered less than 3.5?");
    expect(words("count neighbors (4,2) orth suit D face_down >= 1"))
      .toBe("Are there at least 1 face-down diamonds next to 4,2 (one of its 4 edge neighbours)?");
    expect(words("on_shortest_path (4,2) N"))
      .toBe("Would a step north from 4,2 be on a shortest path of diamonds to the Joker?");
    expect(words("on_some_path (2,2)")).toBe("Is 2,2 on a path of diamonds from the A♦ to the Joker?");
    expect(words("path_exists (0,2) joker")).toBe("Is there a path of diamonds from 0,2 to the Joker?");
    expect(words("joker_in cells 3 (1,1) (2,2) (3,0)")).toBe("Is the Joker at one of 1,1, 2,2 or 3,0?");
  });

  it("joins questions with not, and, or, bracketing what goes together", () => {
    expect(words("and joker_in row 2 not card (3,1) suit D")).toBe(
      "Is it true that both the Joker is in row 2 and (it is not true that the card at 3,1 is a diamond)?");
    expect(words("and or card (1,1) black joker_in col 3 on_some_path (2,2)")).toBe(
      "Is it true that both (either the card at 1,1 is black or the Joker is in column 3) and " +
      "2,2 is on a path of diamonds from the A♦ to the Joker?");
    expect(words("not joker_in all")).toBe("Is it false that the Joker is anywhere in the maze?");
  });

  it("names cells as the caller wants (the board: the card it shows there)", () => {
    const names = { place: (c: string) => `the 5♣ at ${c}`, card: (c: string) => `the 5♣ at ${c}` };
    expect(questionWords("dist (5,1) joker <= 3".split(" "), names))
      .toBe("Is the Joker within 3 steps of the 5♣ at 5,1 along diamonds?");
  });

  it("shows a question as it grows, … for each part still to choose", () => {
    expect(questionWords([])).toBe(`${BLANK}?`);
    expect(words("dist")).toBe("Is … … … steps from … along diamonds?");
    expect(words("dist (5,1) joker")).toBe("Is the Joker … … steps from 5,1 along diamonds?");
    // The part to choose next may be marked, wherever the sentence puts it.
    expect(questionWords(["dist"], undefined, "[next]")).toBe("Is … … … steps from [next] along diamonds?");
    expect(words("and joker_in")).toBe("Is it true that both the Joker is … and …?");
  });

  it("says every question the engine printed without the language's words", () => {
    for (const [text, tokens] of ENGINE) {
      const said = words(tokens);
      expect(said, text).toMatch(/^(Is|Are|Would) .+\?$/);
      expect(said, text).not.toContain(BLANK);
      expect(said, text).not.toMatch(/_|\b(joker_in|dist|halfplane|orth|suit|rect)\b|[<>=]/);
    }
  });
});
