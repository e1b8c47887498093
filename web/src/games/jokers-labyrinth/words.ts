// Decisions in words, for the choice menu, button labels and screen readers.
import { cardShort, SUIT_WORD, type SuitLetter } from "./notation";
import { spelledSeat } from "../seat-names";

const SIMPLE: Record<string, string> = {
  end: "End the turn",
  scavenge: "Scavenge",
  nocard: "Fight with no value card",
  done: "Stop peeking",
  keep: "Keep the card",
  discard: "Discard the card",
  debt: "Take 2 debt",
  noreroll: "Keep the dice",
  reroll: "Reroll my die (King)",
};

export const DIR_PHRASE: Record<string, string> = {
  up: "above", down: "below", left: "to the left", right: "to the right",
};

/** "34f" → "the 3s, the 4s and the final die" (the dice of a King's reroll). */
export function facesWords(faces: string): string {
  const parts = faces.split("").map((f) => (f === "f" ? "the final die" : `the ${f}s`));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
}

export function moveWords(move: string): string {
  if (SIMPLE[move]) return SIMPLE[move];
  const w = move.split(" ");
  const c = (i: number) => cardShort(w[i]);
  switch (w[0]) {
    case "reveal": return `Turn up the card ${DIR_PHRASE[w[1]] ?? w[1]}`;
    case "move": return `Move ${w[1]}`;
    case "fight": return `Fight ${w[1]}`;
    case "spot": return `Start spot ${w[1]}`;
    case "corner": return `Corner ${w[1]}`;
    case "peek": return `Peek at ${w[1]}`;
    case "jack": return `Take the Jack of ${SUIT_WORD[w[1].toUpperCase() as SuitLetter] ?? w[1]}`;
    case "use": return `Fight with ${c(1)}`;
    case "bolster": return `Bolster with ${c(1)}`;
    case "gain": return `Gain an action with ${c(1)}`;
    case "recon": return `Recon with ${c(1)}`;
    case "advrecon": return `Advanced Recon with ${c(1)}`;
    case "boost": return `Boost ${w[2]}, discarding ${c(1)}`;
    case "portal": return `Portal ${w[2]}, discarding ${c(1)}`;
    case "shuffle": return `Reality Shuffle around ${w[2]} with ${c(1)}`;
    case "shift": return `Shift the Hazard on ${w[2]} ${w[3]} with ${c(1)}`;
    case "hinder": return `Hinder ${spelledSeat(w[2])} with ${c(1)}`;
    case "swap": return `Swap ${spelledSeat(w[2])} and ${spelledSeat(w[3])} with ${c(1)}`;
    case "pay": return `Pay with ${c(1)} and ${c(2)}`;
    case "reroll": return `Reroll ${facesWords(w[1])} (King)`;
    default: return move;
  }
}
