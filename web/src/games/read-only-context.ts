// The context of a board that is only shown (a replay, a diagram in How to play).
import type { BoardContext } from "./types";

/** A board that is only shown (a replay, a diagram): nothing is played, checked or suggested. */
export function readOnlyContext(why: string): BoardContext {
  return {
    play: () => {},
    check: async () => ({ ok: false, message: why }),
    suggest: async () => Promise.reject(new Error(why)),
    notify: () => {},
  };
}
