// One event of the log in plain words ("explore 1,2" → "explored 1,2", "pick 6H" → "6♥ drawn for
// the damage"), from the event's text only (docs/rules/pathfinder-cards.md, Notation, and "What each
// observer is told": what is hidden from the Runner is already words and is shown as it is). The
// actor is printed by the log before these words. Pure code, beside texts.ts (the button labels).
import type { BoardState, GameEvent } from "../types";
import { questionInWords } from "./aql-words";
import { cardLabel, SUIT_NAME, SUIT_SYMBOL } from "./model";

const CARD = /^(A|[2-9]|10|J|Q|K)[CDHS]$|^JK$/i;
const CELL = /^\(?(-?\d+),(-?\d+)\)?$/;

const POWERS: Record<string, string> = {
  advisor: "the Advisor (10♥)",
  pathfinder: "the Pathfinder (J♥)",
  seer: "the Seer (Q♥)",
  mover: "the Mover (K♥)",
  portal: "the Mover (K♥)",
};

const FIXED: Record<string, string> = {
  withdraw: "took the Compass card back",
  "use-compass": "used the Compass: the Joker is shown",
  continue: "continued",
  pass: "left the maze as it is",
  stop: "stopped",
};

const card = (code: string | undefined) => (code && CARD.test(code) ? cardLabel(code.toUpperCase()) : null);
const cell = (text: string | undefined) => {
  const m = CELL.exec(text ?? "");
  return m ? `${m[1]},${m[2]}` : null;
};
const suit = (letter: string | undefined) => {
  const s = (letter ?? "").toUpperCase();
  if (s === "JK") return "the Joker";
  return SUIT_NAME[s] ? `${SUIT_SYMBOL[s]} ${SUIT_NAME[s]}` : null;
};
/** "2H+3H+4H" → "2♥, 3♥ and 4♥"; null unless every part is a card. */
const cards = (text: string | undefined) => {
  const parts = (text ?? "").split("+").map(card);
  if (!text || parts.some((p) => p === null)) return null;
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
};

export function describeEvent(event: GameEvent, _state?: BoardState): string | null {
  const text = event.text.trim();
  const lower = text.toLowerCase();
  if (FIXED[lower]) return FIXED[lower];
  if (POWERS[lower]) return `called on ${POWERS[lower]}`;
  let m = /^(?:place\s+)?(\S+?)(?:@|\s+)(\S+)$/i.exec(text);
  if (m && card(m[1]) && cell(m[2])) return `placed ${card(m[1])} at ${cell(m[2])}`;
  m = /^ask\s+(.+)$/i.exec(text);
  if (m) return `asked the Advisor: “${questionInWords(m[1])}”`;
  m = /^q\s+(.+)$/i.exec(text);
  if (m) return `added "${m[1]}" to the question`;
  m = /^recall\s+(\w+)\s+(\S+)(?:\s+ask\s+(.+))?$/i.exec(text);
  if (m && POWERS[m[1].toLowerCase()] && cards(m[2])) {
    const asked = m[3] ? ` and asked: “${questionInWords(m[3])}”` : "";
    return `recalled ${POWERS[m[1].toLowerCase()]} with ${cards(m[2])}${asked}`;
  }
  const w = text.split(/\s+/);
  const verb = w[0].toLowerCase();
  switch (`${verb}/${w.length}`) {
    case "pick/2": return card(w[1]) && `${card(w[1])} drawn for the damage`;
    case "maker/2": {
      const p = /^P([12])$/i.exec(w[1]);
      return p ? `Player ${p[1]} makes the first maze` : null;
    }
    case "compass/2": return card(w[1]) && `chose ${card(w[1])} as the Compass card`;
    case "explore/2": return cell(w[1]) && `explored ${cell(w[1])}`;
    case "save/2": return cards(w[1]) && `saved the A♥ with ${cards(w[1])}`;
    case "flip/2": return cell(w[1]) && `flipped the card at ${cell(w[1])}`;
    case "choose/2": return cell(w[1]) && `chose the card at ${cell(w[1])}`;
    case "suit/2": return suit(w[1]) && `named ${suit(w[1])} for the ten count`;
    case "count/3": return suit(w[1]) && /^\d+$/.test(w[2]) ? `counted ${w[2]} ${SUIT_NAME[w[1].toUpperCase()]}` : null;
    case "predict/3": return cell(w[1]) && suit(w[2]) ? `predicted ${suit(w[2])} at ${cell(w[1])}` : null;
    case "predict/2": return suit(w[1]) && `predicted ${suit(w[1])}`;
    case "name/3": return cell(w[1]) && card(w[2]) ? `named ${card(w[2])} at ${cell(w[1])}` : null;
    case "swap/3": return cell(w[1]) && cell(w[2]) ? `swapped the cards at ${cell(w[1])} and ${cell(w[2])}` : null;
    case "move/3": return cell(w[1]) && cell(w[2]) ? `moved the card at ${cell(w[1])} to ${cell(w[2])}` : null;
    case "stand/2": return cell(w[1]) && `stood on ${cell(w[1])}`;
    case "see/2": return cell(w[1]) && `turned up ${cell(w[1])}`;
    default: return null;
  }
}

/** The cards of a maze (G1.2). */
const MAZE_CARDS = 40;

/**
 * A folded run in words: the Maker's maze, card by card ("AD@3,2" to the Maker and in a replay,
 * "Maker places a card (3 of 40)" to the Runner).
 */
export function foldEvents(events: GameEvent[], _state?: BoardState): string | null {
  const placed = (text: string) => /^Maker places a card\b/i.test(text) ||
    /^(?:place\s+)?(\S+?)@(\S+)$/i.test(text) && describeEvent({ n: 0, player: 0, text }) !== null;
  if (!events.every((e) => e.player !== "chance" && placed(e.text.trim()))) return null;
  const n = events.length;
  return n === MAZE_CARDS ? `built the maze (${n} cards)` : `placed ${n} of the maze's ${MAZE_CARDS} cards`;
}
