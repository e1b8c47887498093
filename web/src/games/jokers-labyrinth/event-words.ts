// One event of the log in plain words ("move up" → "moved up", "card 9H" → "9♥ drawn"), from the
// event's text only (docs/rules/jokers-labyrinth.md, Notation, and "What each observer is told":
// the texts hidden from a seat are already words and are shown as they are). The actor is printed
// by the log before these words. Pure code, beside words.ts (the same decisions as button labels).
import type { BoardState, GameEvent } from "../types";
import { fightEndedBy } from "./fight";
import { cardShort, parseCard, parseCell, parseDirection, SUIT_WORD, type SuitLetter } from "./notation";
import { DIR_PHRASE, facesWords } from "./words";
import { playerName } from "../seat-names";

const SIMPLE: Record<string, string> = {
  end: "ended the turn",
  scavenge: "scavenged",
  nocard: "fought with no value card",
  done: "stopped peeking",
  keep: "kept the card",
  discard: "discarded the card",
  debt: "took 2 debt",
  noreroll: "kept the dice",
  reroll: "rerolled a die (King)",
  roll: "rerolled the dice set aside (King)",
};

/** The dice of a reroll in words; null when the text is not a run of faces. */
function rerollFaces(faces: string): string | null {
  return /^[1-6f]+$/i.test(faces) ? facesWords(faces.toLowerCase()) : null;
}

/** "P2" or "Player 2" → "Player 2" (the log's name for seat 1); null for anything else. */
function player(word: string | undefined): string | null {
  const m = /^(?:P|Player )([1-4])$/i.exec(word ?? "");
  return m ? playerName(Number(m[1]) - 1) : null;
}

/**
 * The sentences told instead of a secret move or draw (what the engine tells the other seats),
 * the seat named as the log names it. A seat's own move has its actor printed first by the log,
 * so its words drop the "P2" the sentence opens with; a draw (chance) keeps who it is for.
 */
const HIDDEN: [RegExp, string][] = [
  [/^(P[1-4]|Player [1-4]) commits a value card \(hidden\)$/i, "committed a value card (hidden)"],
  [/^(P[1-4]|Player [1-4]) draws a Scavenger card \(hidden\)$/i, "drew a Scavenger card (hidden)"],
];
const PEEK_DEAL = /^a card is dealt face down to ([a-z]\d) for (P[1-4]|Player [1-4])'s peek \(hidden\)$/i;

export function hiddenWords(event: GameEvent, text: string): string | null {
  for (const [pattern, words] of HIDDEN) {
    const m = pattern.exec(text);
    if (m) return event.player === "chance" ? `${player(m[1])} ${words}` : words;
  }
  const peek = PEEK_DEAL.exec(text);
  return peek ? `a card is dealt face down to ${peek[1]} for ${player(peek[2])}'s peek (hidden)` : null;
}

/**
 * The event in words; the event that ended a fight also tells the whole fight (its outcome), so
 * the log says once, for every fight, who fought whom, with what, and what it cost.
 */
export function describeEvent(event: GameEvent, _state?: BoardState): string | null {
  const words = eventWords(event);
  const fight = fightEndedBy(event, playerName);
  return fight ? `${words ?? event.text}. Fight over: ${fight}` : words;
}

function eventWords(event: GameEvent): string | null {
  const text = event.text.trim();
  const lower = text.toLowerCase();
  if (SIMPLE[lower]) return SIMPLE[lower];
  const hidden = hiddenWords(event, text);
  if (hidden) return hidden;
  const w = text.split(/\s+/);
  const verb = w[0].toLowerCase();
  // every argument must read as what it stands for, else the words are not given
  const card = (i: number) => (w[i] !== undefined && parseCard(w[i]) ? cardShort(w[i]) : null);
  const cell = (i: number) => (w[i] !== undefined && parseCell(w[i].toLowerCase()) ? w[i].toLowerCase() : null);
  const dir = (i: number) => (w[i] !== undefined ? parseDirection(w[i].toLowerCase()) : null);
  const all = <T>(...xs: (T | null)[]) => xs.every((x) => x !== null);
  switch (w.length === 2 ? verb : `${verb}/${w.length}`) {
    // chance
    case "first": return player(w[1]) && `${player(w[1])} moves first`;
    case "card": return card(1) && `${card(1)} drawn`;
    case "die": return /^[1-6]$/.test(w[1]) ? `a die shows ${w[1]}` : null;
    // decisions
    case "reveal": return dir(1) && `turned up the card ${DIR_PHRASE[dir(1)!]}`;
    case "move": return dir(1) && `moved ${dir(1)}`;
    case "fight": return dir(1) && `fought ${DIR_PHRASE[dir(1)!]}`;
    case "spot": return cell(1) && `put the Jack on start spot ${cell(1)}`;
    case "corner": return cell(1) && `put the Jack on corner ${cell(1)}`;
    case "peek": return cell(1) && `peeked at ${cell(1)}`;
    case "jack": {
      const suit = SUIT_WORD[w[1].toUpperCase() as SuitLetter];
      return suit ? `took the Jack of ${suit}` : null;
    }
    case "use": return card(1) && `fought with ${card(1)}`;
    case "bolster": return card(1) && `bolstered with ${card(1)}`;
    case "gain": return card(1) && `gained an action with ${card(1)}`;
    case "recon": return card(1) && `made a Recon with ${card(1)}`;
    case "advrecon": return card(1) && `made an Advanced Recon with ${card(1)}`;
    case "reroll": {
      const faces = rerollFaces(w[1]);
      return faces && `rerolled ${faces} (King)`;
    }
    case "reroll/3":
      return w[1].toLowerCase() === "one" && /^[1-6]$/.test(w[2]) ? `set aside one ${w[2]} to reroll (King)` : null;
    case "boost/3": return all(card(1), dir(2)) ? `boosted ${dir(2)}, discarding ${card(1)}` : null;
    case "portal/3":
      return all(card(1), dir(2)) ? `opened a portal ${DIR_PHRASE[dir(2)!]}, discarding ${card(1)}` : null;
    case "shuffle/3": return all(card(1), cell(2)) ? `made a Reality Shuffle around ${cell(2)} with ${card(1)}` : null;
    case "hinder/3": return all(card(1), player(w[2])) ? `hindered ${player(w[2])} with ${card(1)}` : null;
    case "pay/3": return all(card(1), card(2)) ? `paid 2 debt with ${card(1)} and ${card(2)}` : null;
    case "shift/4":
      return all(card(1), cell(2), dir(3)) ? `shifted the Hazard on ${cell(2)} ${dir(3)} with ${card(1)}` : null;
    case "swap/4":
      return all(card(1), player(w[2]), player(w[3]))
        ? `swapped ${player(w[2])} and ${player(w[3])} with ${card(1)}` : null;
    default: return null;
  }
}
