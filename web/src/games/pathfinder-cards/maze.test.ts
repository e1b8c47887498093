// The table's coordinates drawn around the maze, in the coordinates the cells (and the Advisor's
// questions) use: column x along the top, row y down the left side, on square and hex boards.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BoardState } from "../types";
import { CARD_H, CARD_W } from "./cards";
import { drawMaze } from "./maze";
import { readModel } from "./model";

const fixture = (name: string): BoardState =>
  JSON.parse(readFileSync(join(__dirname, "fixtures", `${name}.json`), "utf8"));

function draw(name: string) {
  const svg = drawMaze(readModel(fixture(name)), { recent: new Set(), flagged: new Map(), slots: new Set() });
  const at = (cell: string) => svg.querySelector(`[data-cell="${cell}"]`)!.getAttribute("transform")!
    .match(/translate\((\S+) (\S+)\)/)!.slice(1).map(Number);
  const labels = (kind: "col" | "row") => [...svg.querySelectorAll(`.pfc-coord-${kind}`)]
    .map((t) => ({ text: t.textContent, x: Number(t.getAttribute("x")), y: Number(t.getAttribute("y")) }));
  return { svg, at, labels };
}

describe("the maze's coordinates", () => {
  it("number the columns above and the rows left of a square maze", () => {
    const { svg, at, labels } = draw("explore-start"); // 8 columns × 5 rows from 0,0
    expect(labels("col").map((l) => l.text)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
    expect(labels("row").map((l) => l.text)).toEqual(["0", "1", "2", "3", "4"]);
    for (const l of labels("col")) {
      const [px, py] = at(`${l.text},0`);
      expect(l.x).toBe(px + CARD_W / 2);
      expect(l.y).toBeLessThan(py);
    }
    for (const l of labels("row")) {
      const [px, py] = at(`0,${l.text}`);
      expect(l.y).toBe(py + CARD_H / 2);
      expect(l.x).toBeLessThan(px);
    }
    // Inside the picture, and visual only: each card says its cell to screen readers.
    const [vx, vy] = svg.getAttribute("viewBox")!.split(" ").map(Number);
    expect(Math.min(...labels("row").map((l) => l.x))).toBeGreaterThan(vx);
    expect(Math.min(...labels("col").map((l) => l.y))).toBeGreaterThan(vy);
    expect(svg.querySelector(".pfc-coords")!.getAttribute("aria-hidden")).toBe("true");
    expect(svg.getAttribute("aria-label")).toMatch(/columns \(x\) numbered along the top, rows \(y\) down the left/);
  });

  it("stand beside each row and at the end of each column on a hex board, where they slant", () => {
    const { at, labels } = draw("hex-explore");
    const cells = readModel(fixture("hex-explore")).cards.map((c) => [c.x, c.y]);
    const rows = labels("row");
    expect(rows.map((l) => l.text)).toEqual([...new Set(cells.map(([, y]) => y))].sort((a, b) => a - b).map(String));
    for (const l of rows) {
      const firstX = Math.min(...cells.filter(([, y]) => String(y) === l.text).map(([x]) => x));
      const [px, py] = at(`${firstX},${l.text}`);
      expect([l.x, l.y]).toEqual([px - 8, py + CARD_H / 2]); // just left of the row's first card
    }
    const step = at("1,0")[0] - at("0,0")[0];
    for (const l of labels("col")) {
      const bottom = Math.max(...cells.filter(([x]) => String(x) === l.text).map(([, y]) => y));
      const [px, py] = at(`${l.text},${bottom}`);
      // Below the column's lowest card, a quarter card on down its slant (the empty slot there).
      expect(l.x).toBeCloseTo(px + CARD_W / 2 + step / 4);
      expect(l.y).toBeGreaterThan(py + CARD_H);
    }
  });
});
