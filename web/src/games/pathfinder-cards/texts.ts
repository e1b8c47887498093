// Words for the play board: what the observer is asked to do at each decision, and labels for the
// move buttons. Decision names are the view's `decision` (src/games/pathfinder_cards/state_json.cpp).
import { cardLabel, type PlayModel, SUIT_NAME, SUIT_SYMBOL } from "./model";

const RUNNER_PROMPTS: Record<string, string> = {
  compass: "Choose your Compass card: click a heart of your hand (not the Ace).",
  explore: "Explore: click a face-down card next to an active diamond (gold), or use a power.",
  "damage-window": "You are about to be damaged: take the Compass card back first, or continue.",
  save: "The Maker drew your Ace of hearts: discard a special heart, or two hearts whose ranks are active diamonds, to save it.",
  "trial-window": "A trial is coming: take the Compass card back first, or continue.",
  "ten-flip": "Ten of spades: click a face-down card around it to turn it up.",
  count: "Ten trial: how many cards of a suit, face up or down, lie around the ten (violet)?",
  "jack-predict": "Jack: click any face-down card, then predict its suit.",
  "queen-predict": "Queen: predict the suit of the chosen card (violet).",
  "king-name": "King: which card did the Maker flip? Click its place, then name the card.",
  ask: "Advisor: build your question below, part by part in words, then ask it.",
  pathfinder: "Pathfinder: click the active diamond you stand on.",
  seer: "Seer: click a face-down card to turn it up.",
  mover: "Mover: click two cards to swap them, or a card and then an empty space to move it.",
};

const MAKER_PROMPTS: Record<string, string> = {
  "ten-suit": "Ten of diamonds: name the suit the Runner must count.",
  "queen-choose": "Queen: click a face-down card for the Runner to guess.",
  "king-flip": "King: the Runner looks away. Click any card to flip it.",
  alteration: "Ace: alter the maze. Click two cards to swap them, or a card and then an empty space to move it; or pass.",
};

const WAITING: Record<string, string> = {
  "ten-suit": "the Maker names the suit for the ten of diamonds",
  "queen-choose": "the Maker chooses a card for the Queen's trial",
  "king-flip": "the Maker flips a card while the Runner looks away",
  alteration: "the Maker may alter the maze (the Runner looks away)",
  place: "the Maker builds the maze",
  "damage-pick": "a heart is drawn at random",
  roles: "the roles are drawn",
};

export function promptText(model: PlayModel, toAct: boolean): string {
  const v = model.view;
  if (model.phase === "over") {
    const score = typeof v.score === "number" ? ` The Runner scores ${v.score}.` : "";
    return `Game over: ${v.winner ?? "nobody"} wins.${score}`;
  }
  if (toAct) {
    const own = model.role === "maker" ? MAKER_PROMPTS : RUNNER_PROMPTS;
    return own[model.decision] ?? RUNNER_PROMPTS[model.decision] ?? MAKER_PROMPTS[model.decision]
      ?? `Your move (${model.decision}).`;
  }
  const who = v.toAct ? String(v.toAct) : "the next player";
  return `Waiting: ${WAITING[model.decision] ?? `${who} to play`}.`;
}

const POWER_WORDS: Record<string, string> = {
  advisor: "Advisor (10♥): two questions",
  pathfinder: "Pathfinder (J♥): directions",
  seer: "Seer (Q♥): turn up two cards",
  mover: "Mover (K♥): move a card",
  portal: "Mover (K♥): move a card",
};

const CONTINUE_WORDS: Record<string, string> = {
  ask: "Stop asking",
  "damage-window": "Continue: take the damage",
  "trial-window": "Continue to the trial",
};

/** A button's words for a move that is not spatial (`continue` depends on the decision). */
export function moveLabel(move: string, decision = ""): string {
  if (move === "continue" && CONTINUE_WORDS[decision]) return CONTINUE_WORDS[decision];
  const fixed: Record<string, string> = {
    withdraw: "Take the Compass card back",
    "use-compass": "Use the Compass: show the Joker",
    continue: "Continue",
    pass: "Pass: leave the maze as it is",
    stop: "Stop",
  };
  if (fixed[move]) return fixed[move];
  if (POWER_WORDS[move]) return POWER_WORDS[move];
  let m = /^suit (\w)$/.exec(move);
  if (m) return `${SUIT_SYMBOL[m[1]]} ${SUIT_NAME[m[1]]}`;
  m = /^predict (\w+)$/.exec(move);
  if (m) return m[1] === "JK" ? "the Joker" : `${SUIT_SYMBOL[m[1]]} ${SUIT_NAME[m[1]]}`;
  m = /^count (\w) (\d+)$/.exec(move);
  if (m) return m[2];
  return move;
}

/** Words for screen readers where a button's label is terse (a count, a token). */
export function moveWords(move: string, decision = ""): string {
  const m = /^count (\w) (\d+)$/.exec(move);
  if (m) return `${m[2]} ${SUIT_NAME[m[1]]}`;
  return moveLabel(move, decision);
}

export function recallLabel(power: string): string {
  return `Recall the ${power[0].toUpperCase()}${power.slice(1)} (3 hearts)`;
}

export function suitChoiceLabel(suit: string): string {
  return suit === "JK" ? "the Joker" : `${SUIT_SYMBOL[suit]} ${SUIT_NAME[suit]}`;
}

export function cardChoiceLabel(card: string): string {
  return cardLabel(card);
}
