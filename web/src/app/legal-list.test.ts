import { describe, expect, it } from "vitest";
import { createLegalList, SHOWN, visibleMoves } from "./legal-list";

describe("the legal moves list", () => {
  it("draws nothing while folded and at most SHOWN buttons when open", () => {
    const played: string[] = [];
    const list = createLegalList((m) => played.push(m));
    const many = Array.from({ length: 5000 }, (_, i) => `move${i}`);
    list.show(many);
    expect(list.el.querySelectorAll("button").length).toBe(0);
    (list.el as HTMLDetailsElement).open = true;
    list.el.dispatchEvent(new Event("toggle"));
    expect(list.el.querySelectorAll("button").length).toBe(SHOWN);
    expect(list.el.textContent).toContain(`${5000 - SHOWN} more`);
    (list.el.querySelector("[data-legal=move7]") as HTMLButtonElement).click();
    expect(played).toEqual(["move7"]);
  });

  it("narrows by the filter text", () => {
    const moves = ["AH-4H", "AH-AD", "4H-AH", "up"];
    expect(visibleMoves(moves, "ah-")).toEqual({ shown: ["AH-4H", "AH-AD"], matching: 2 });
    expect(visibleMoves(moves, " ")).toEqual({ shown: moves, matching: 4 });
  });
});
