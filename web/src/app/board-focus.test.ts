// @vitest-environment jsdom
// The keyboard focus stays on the board when a redraw removes the focused element.
import { afterEach, describe, expect, it } from "vitest";
import { keepFocusOnBoard } from "./board-focus";

function page() {
  document.body.innerHTML = `<header><a href="#/">lobby</a></header>
    <div class="play"><div id="board" tabindex="-1"><button class="card">a1</button></div>
    <div class="side"><input id="notation"></div></div>`;
  const playArea = document.querySelector<HTMLElement>(".play")!;
  const board = document.querySelector<HTMLElement>("#board")!;
  return { playArea, board, keeper: keepFocusOnBoard({ playArea, board }) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("keeping the focus on the board", () => {
  it("puts the focus back on the board when a redraw removes the focused card", async () => {
    const { board, keeper } = page();
    board.querySelector<HTMLElement>(".card")!.focus();
    board.replaceChildren(Object.assign(document.createElement("button"), { className: "card" }));
    expect(document.activeElement).toBe(document.body);
    await tick();
    expect(document.activeElement).toBe(board);
    keeper.stop();
  });

  it("leaves the focus alone once the player has gone elsewhere on the page", async () => {
    const { board, keeper } = page();
    board.querySelector<HTMLElement>(".card")!.focus();
    document.querySelector<HTMLElement>("header a")!.focus();
    board.replaceChildren();
    await tick();
    keeper.restore();
    expect(document.activeElement).toBe(document.querySelector("header a"));
    keeper.stop();
  });

  it("leaves a focused field of the side column alone", async () => {
    const { board, keeper } = page();
    document.querySelector<HTMLElement>("#notation")!.focus();
    board.replaceChildren();
    await tick();
    expect(document.activeElement).toBe(document.querySelector("#notation"));
    keeper.stop();
  });

  it("stops watching when told", async () => {
    const { board, keeper } = page();
    board.querySelector<HTMLElement>(".card")!.focus();
    keeper.stop();
    board.replaceChildren();
    await tick();
    expect(document.activeElement).toBe(document.body);
  });
});
