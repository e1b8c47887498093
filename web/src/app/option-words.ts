// Every game option in plain words: a label for the lobby's form and a name for each choice, in
// place of the engine's keys ("seat0Maker" → "Player 1 is the Maker"). The option's help (from the
// engine) stays the explanation under the control. Every option of every game has a label here:
// a unit test checks it against the games' options (fixtures/game-options.json, which the C++
// suite checks against the engine), so a new option cannot reach the lobby as a bare key.

export interface OptionWords {
  /** What the control is labelled, as a short phrase ("Who plays first"). */
  label: string;
  /** The plain name of each choice of a choice option, by its value. */
  choices?: Record<string, string> | ((value: string) => string | undefined);
}

const DIRECTION: Record<string, string> = { U: "up", D: "down", L: "left", R: "right" };

/** A key of four direction letters read in the order of `things`: "LDUR" → "♣ left, ♦ down, …". */
function directionKey(things: readonly string[]) {
  return (value: string): string | undefined => {
    const letters = value.toUpperCase().split("");
    if (letters.length !== things.length || letters.some((l) => !DIRECTION[l])) return undefined;
    return letters.map((l, i) => `${things[i]} ${DIRECTION[l]}`).join(", ");
  };
}

const same = (...values: string[]) => Object.fromEntries(values.map((v) => [v, v]));

const ROUND_LIMIT: OptionWords = { label: "Round limit (0: none)" };

export const OPTION_WORDS: Record<string, Record<string, OptionWords>> = {
  "treasure-hunt": {
    deck: { label: "Deck", choices: { standard: "standard", specialized: "specialized (Treasures and arrows)" } },
    mapKey: { label: "Map key (the way each suit points)", choices: directionKey(["♣", "♦", "♥", "♠"]) },
    cycleRule: { label: "A chain coming back to a card", choices: {
      stopBeforeRepeat: "stops before the card",
      stopOnRepeat: "stops on the card",
    } },
    firstPlayer: { label: "Who plays first", choices: { random: "drawn at random", green: "Green", purple: "Purple" } },
    specializedKey: { label: "Arrow directions (specialized deck)", choices: directionKey(["red", "blue", "yellow", "green"]) },
    specializedTreasureDirection: { label: "Way the Treasure cards point (specialized deck)",
      choices: same("up", "right", "down", "left") },
    targetScore: { label: "Points that win (specialized deck)" },
    turnLimit: { label: "Turn limit (0: none)" },
  },
  "pathfinder-barriers": {
    allowRedundantQuestions: { label: "Allow asking about a slot known to be blocked" },
    firstPlayer: { label: "Who asks first", choices: { random: "drawn at random", north: "North", south: "South" } },
    maxBarriers: { label: "Barrier chips per player" },
  },
  "pathfinder-cards": {
    tenSpadesJokerZeroIsSafe: { label: "10♠ trial: a Joker (0) is safe" },
    predictJokerAllowed: { label: "Jack and Queen trials: the Runner may predict the Joker" },
    makerMayMoveAceOfDiamondsOrFaceUpJoker: { label: "Ace alteration: the Maker may move A♦ or a face-up Joker" },
    scoreCountsAce: { label: "The score counts the A♥" },
    scoreCountsCompassOnTable: { label: "The score counts a Compass card on the table" },
    moverSpentOnCancel: { label: "A cancelled Mover still spends its hearts" },
    recallIncludesDamageDiscards: { label: "Recall: special hearts lost to damage count as used" },
    advanced: { label: "Advanced game (Magic Rope, Veil and Mirror)" },
    board: { label: "Board", choices: { square: "square", hex: "hexagonal" } },
    matchGames: { label: "Games in the match", choices: { 1: "1 (a single game)", 2: "2", 4: "4" } },
    roles: { label: "Who makes the (first) maze", choices: {
      random: "drawn at random",
      seat0Maker: "Player 1 is the Maker",
      seat0Runner: "Player 1 is the Runner",
    } },
    kingStudySeconds: { label: "King trial: seconds to study the maze" },
  },
  mazemakers: {
    players: { label: "Players" },
    board: { label: "Board", choices: {
      pentomino: "pentomino walls",
      noPentominos: "No-Pentominos (tiles and holes)",
    } },
    combatDie: { label: "Combat die", choices: {
      piecepack0to5: "piecepack die (0–5)",
      d6_1to6: "common die (1–6)",
    } },
    exactMovement: { label: "Move exactly your health" },
    removeDefeatedMonsters: { label: "Defeated monsters leave the board" },
    revival: { label: "Revival (variant 1)" },
    startHealing: { label: "Healing on START (variant 2)" },
    harshDamage: { label: "Harsh damage (variant 3)" },
    tieBreak: { label: "Players leaving in the same round", choices: {
      none: "all win",
      health: "the healthiest wins",
      rolloff: "a roll-off decides",
    } },
    roundLimit: ROUND_LIMIT,
  },
  "jokers-labyrinth": {
    players: { label: "Players" },
    startingGear: { label: "Starting gear (7–10♦)" },
    jokerPickupWithoutFight: { label: "Jokers taken without a fight", choices: {
      droppedOnly: "dropped Jokers only",
      always: "always",
      never: "never",
    } },
    aceUseCostsAction: { label: "Using an Ace costs an action" },
    queenLossDiscardsJokers: { label: "Losing to a hostile Queen discards Jokers" },
    scavengedNpcFriendlyToAll: { label: "A scavenged Q♥ or K♥ is friendly to all" },
    pvpRelocation: { label: "Where a beaten Jack goes", choices: {
      startSpot: "a free start spot",
      cornerCellIfEmpty: "the corner space, if empty",
    } },
    roundLimit: ROUND_LIMIT,
  },
};

/** The words for one option of one game; undefined when none are written. */
export function optionWords(game: string, option: string): OptionWords | undefined {
  return Object.hasOwn(OPTION_WORDS, game) && Object.hasOwn(OPTION_WORDS[game], option)
    ? OPTION_WORDS[game][option] : undefined;
}

/** The plain name of `value` under `words`; undefined when none is written. */
export function choiceName(words: OptionWords | undefined, value: string): string | undefined {
  const choices = words?.choices;
  if (!choices) return undefined;
  return typeof choices === "function" ? choices(value)
    : Object.hasOwn(choices, value) ? choices[value] : undefined;
}
