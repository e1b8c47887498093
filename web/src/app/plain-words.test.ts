import { describe, expect, it } from "vitest";
import { choiceWords } from "./option-control";
import { plainWords } from "./plain-words";

describe("plain words", () => {
  it("drop the rule-book references players cannot use, keeping what else a parenthesis says", () => {
    expect(plainWords("an involuntary chain stops before a repeated card (A-G3-3)")).toBe("an involuntary chain stops before a repeated card");
    expect(plainWords("first place your short pawn on a square of your home grid (G2.2 step 1)"))
      .toBe("first place your short pawn on a square of your home grid");
    expect(plainWords("defeated monsters leave the board (A-G4-6; default: it stays)"))
      .toBe("defeated monsters leave the board (default: it stays)");
    expect(plainWords("barriers each (G2.1: 30)")).toBe("barriers each (30)");
    expect(plainWords("the winners (G4.3 E) and (A-G1-30, A-G1-31) too")).toBe("the winners and too");
    expect(plainWords("a card (face down) stays")).toBe("a card (face down) stays");
  });
});

describe("option choices as words", () => {
  it("split camel case and keep codes", () => {
    expect(choiceWords("stopBeforeRepeat")).toBe("stop before repeat");
    expect(choiceWords("LDUR")).toBe("LDUR");
    expect(choiceWords("noPentominos")).toBe("no pentominos");
  });
});
