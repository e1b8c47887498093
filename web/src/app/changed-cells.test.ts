// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { CHANGED_CLASS, markChanged, snapshotBoard } from "./changed-cells";

function board(cells: Record<string, string>): HTMLElement {
  const root = document.createElement("div");
  for (const [cell, text] of Object.entries(cells)) {
    const el = document.createElement("button");
    el.setAttribute("data-cell", cell);
    el.textContent = text;
    root.append(el);
  }
  return root;
}

const lit = (root: Element) =>
  [...root.querySelectorAll(`.${CHANGED_CLASS}`)].map((el) => el.getAttribute("data-cell"));

describe("changed places", () => {
  it("lights the cells whose content changed, on a redrawn board too", () => {
    const before = snapshotBoard(board({ a1: "3D", b1: "KD", c1: "" }));
    const after = board({ a1: "KD", b1: "3D", c1: "" });
    expect(markChanged(after, before)).toBe(2);
    expect(lit(after)).toEqual(["a1", "b1"]);
  });

  it("lights a pawn's old and new cell, and nothing when nothing changed", () => {
    const root = board({ a1: "●", a2: "" });
    const before = snapshotBoard(root);
    root.querySelector('[data-cell="a1"]')!.textContent = "";
    root.querySelector('[data-cell="a2"]')!.textContent = "●";
    expect(lit((markChanged(root, before), root))).toEqual(["a1", "a2"]);
    expect(markChanged(root, snapshotBoard(root))).toBe(0);
    expect(lit(root)).toEqual([]);
  });

  it("tells two grids' cells of the same name apart", () => {
    const make = (left: string, right: string) => {
      const root = document.createElement("div");
      for (const [grid, text] of [["own", left], ["other", right]]) {
        const g = document.createElement("div");
        g.setAttribute("data-grid", grid);
        g.append(board({ e5: text }));
        root.append(g);
      }
      return root;
    };
    const after = make("x", "y");
    expect(markChanged(after, snapshotBoard(make("x", "z")))).toBe(1);
    expect(after.querySelector(`[data-grid="other"] .${CHANGED_CLASS}`)).not.toBeNull();
  });
});
