// Card faces: standard cards show rank and suit in both corners and their pips; the specialized
// arrows point their way on the observer's screen in the middle and in both corners.
import { describe, expect, it } from "vitest";
import { cardFace } from "./card-face";

function mount(face: SVGElement): SVGElement {
  document.body.innerHTML = "";
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.append(face);
  document.body.append(svg);
  return face;
}

describe("cardFace", () => {
  it.each([["7D", 7], ["10S", 10], ["AH", 1]])("draws %s with its rank in both corners and %i pips", (code, pips) => {
    const face = mount(cardFace(code, () => undefined));
    const ranks = [...face.querySelectorAll(".th-index text")].map((t) => t.textContent);
    expect(ranks).toEqual([code.slice(0, -1), code.slice(0, -1)]);
    expect(face.querySelectorAll(".th-pips path").length).toBe(pips);
  });

  it("frames the court cards with their letter", () => {
    const face = mount(cardFace("KD", () => undefined));
    expect(face.querySelector(".th-pips text")!.textContent).toBe("K");
  });

  it("points a specialized arrow the same way in the middle and in both corners", () => {
    const face = mount(cardFace("R3", () => "right"));
    const [top, bottom] = [...face.querySelectorAll(".th-index")];
    const rotation = (el: Element) => /rotate\((\d+)\)/.exec(el.querySelector("path")!.getAttribute("transform")!)![1];
    expect(rotation(top)).toBe("90");
    // The bottom corner is turned 180° as a whole: its arrow is drawn pointing left to show right.
    expect(bottom.getAttribute("transform")).toMatch(/^rotate\(180 /);
    expect(rotation(bottom)).toBe("270");
  });
});
