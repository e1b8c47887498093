import { describe, expect, it } from "vitest";
import { applyViewPatch, PatchError, pointerTokens, type PatchOp } from "./view-patch";

describe("applyViewPatch", () => {
  it("adds, removes and replaces members and elements as RFC 6902 says", () => {
    const before = { phase: "play", hand: ["AH", "4H", "7D"], scores: [0, 0], last: { by: 1 } };
    const patch: PatchOp[] = [
      { op: "replace", path: "/phase", value: "over" },
      { op: "replace", path: "/hand/0", value: "KS" },
      { op: "remove", path: "/hand/2" },
      { op: "add", path: "/hand/-", value: "2C" },
      { op: "add", path: "/scores/0", value: 9 },
      { op: "remove", path: "/last" },
      { op: "add", path: "/winner", value: 0 },
    ];
    expect(applyViewPatch(before, patch)).toEqual(
      { phase: "over", hand: ["KS", "4H", "2C"], scores: [9, 0, 0], winner: 0 });
  });

  it("reads escaped member names (~1 is '/', ~0 is '~') and replaces the whole document at ''", () => {
    expect(pointerTokens("/a~1b/c~0d/~01")).toEqual(["a/b", "c~d", "~1"]);
    expect(applyViewPatch({ "a/b": { "c~d": 1 } }, [{ op: "replace", path: "/a~1b/c~0d", value: 2 }]))
      .toEqual({ "a/b": { "c~d": 2 } });
    expect(applyViewPatch({ x: 1 }, [{ op: "replace", path: "", value: [1] }])).toEqual([1]);
  });

  it("leaves the document it was given untouched and shares what the patch does not touch", () => {
    const before = { board: [[1, 2], [3, 4]], seats: [{ name: "a" }, { name: "b" }] };
    const frozen = structuredClone(before);
    const after = applyViewPatch(before, [{ op: "replace", path: "/board/1/0", value: 9 }]) as typeof before;
    expect(before).toEqual(frozen);
    expect(after.board[1]).toEqual([9, 4]);
    expect(after.board[0]).toBe(before.board[0]);
    expect(after.seats).toBe(before.seats);
  });

  it("refuses operations that do not fit the document", () => {
    const doc = { a: [1, 2], b: { c: 1 } };
    const refused: PatchOp[][] = [
      [{ op: "remove", path: "/missing" }],
      [{ op: "replace", path: "/missing", value: 1 }],
      [{ op: "replace", path: "/a/2", value: 1 }],
      [{ op: "remove", path: "/a/-" }],
      [{ op: "add", path: "/a/01", value: 1 }],
      [{ op: "add", path: "/a/3", value: 1 }],
      [{ op: "add", path: "/b/c/d", value: 1 }],
      [{ op: "add", path: "no-slash", value: 1 }],
      [{ op: "remove", path: "" }],
      [{ op: "move", from: "/a", path: "/z" } as unknown as PatchOp],
    ];
    for (const patch of refused) {
      expect(() => applyViewPatch(doc, patch), JSON.stringify(patch)).toThrow(PatchError);
    }
    expect(doc).toEqual({ a: [1, 2], b: { c: 1 } });
  });
});
