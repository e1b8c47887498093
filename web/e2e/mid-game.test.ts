// The mid-game screenshot is taken at the middle of the match, whatever its length (a unit test:
// no browser).
import { describe, expect, it } from "vitest";
import { MiddleKeeper } from "./mid-game";

async function play(moves: number): Promise<MiddleKeeper<number>> {
  const keeper = new MiddleKeeper<number>();
  for (let i = 0; i < moves; ++i) await keeper.offer(i, async () => i);
  return keeper;
}

describe("the mid-game position", () => {
  it("is within a tenth of the middle of any match", async () => {
    for (const moves of [1, 2, 3, 5, 8, 13, 20, 37, 64, 100, 257, 600, 1500]) {
      const middle = (await play(moves)).middle()!;
      expect(Math.abs(middle.moves - moves / 2), `${moves} moves`).toBeLessThanOrEqual(Math.max(1, moves / 10));
    }
  });

  it("keeps few positions even in a long match", async () => {
    const keeper = await play(1500);
    expect(keeper.positions().length).toBeLessThanOrEqual(6);
    expect(keeper.positions()[0]).toBeLessThanOrEqual(750);
  });

  it("has nothing for a match over before the seat's first move", () => {
    expect(new MiddleKeeper<number>().middle()).toBeUndefined();
  });
});
