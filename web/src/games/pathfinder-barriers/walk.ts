// Walking back over known ground (rule 7: a retreat is asked square by square, but every slot
// already crossed is answered "Yes"): the squares the explorer can reach over known-open slots
// only, each with the whole path, which the engine takes as one text (`B-3>B-2>B-1`).
import { neighbour, parseSquare, slotBetween, slotName, squareName, type Direction } from "./notation";

const DIRECTIONS: Direction[] = ["up", "right", "down", "left"];

/** Every square two or more known-open steps away, with the path to it (shortest, from the explorer). */
export function knownWalks(explorer: string, open: Iterable<string>): Map<string, string[]> {
  const start = parseSquare(explorer);
  const walks = new Map<string, string[]>();
  if (!start) return walks;
  const openSlots = new Set(open);
  const paths = new Map<string, string[]>([[explorer, [explorer]]]);
  const queue = [start];
  while (queue.length) {
    const here = queue.shift()!;
    const path = paths.get(squareName(here))!;
    for (const dir of DIRECTIONS) {
      const next = neighbour(here, dir);
      if (!next || !openSlots.has(slotName(slotBetween(here, next)!))) continue;
      const name = squareName(next);
      if (paths.has(name)) continue;
      const longer = [...path, name];
      paths.set(name, longer);
      if (longer.length > 2) walks.set(name, longer);
      queue.push(next);
    }
  }
  return walks;
}
