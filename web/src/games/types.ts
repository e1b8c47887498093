// The contract between the app (lobby, match page, connection, replays) and one game's user
// interface. A game folder `src/games/<id>/` exports a `GameUI`; the app never knows a game's view
// schema, and a game never talks to the server: it draws what it is given and calls `ctx.play`.

/** A game's view for one observer, exactly as the server sent it (docs/rules/<id>.md). */
export type View = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A distance on the board, in the user units of the SVG the piece is drawn in: [x, y]. */
export type Offset = [number, number];

/** What a board animates after another player's move (each game's `motions`, games/motion.ts). */
export type Motion =
  /** The card `target` (a selector inside the board) has just turned face up. */
  | { kind: "flip"; target: string }
  /** The card `target` arrives from `from` (relative to where it is drawn now): one of a swap. */
  | { kind: "slide"; target: string; from: Offset }
  /**
   * The piece `target` walked: `path` holds the places it passed through, relative to where it is
   * drawn now, the one it started from first; it ends where it is drawn.
   */
  | { kind: "walk"; target: string; path: Offset[] };

/** One entry of the event log, as told to this observer. */
export interface GameEvent {
  n: number;
  player: number | "chance";
  text: string;
  /** Played while the game was being set up (its phase said so): the log's set-up, not a turn. */
  setup?: boolean;
  /**
   * What the action concluded for everyone, in the game's schema (docs/rules/<id>.md): the
   * Joker's Labyrinth `{fight}` and MazeMakers `{combat}` on the action that ends a fight.
   */
  outcome?: Record<string, unknown>;
}

/**
 * Several events of the log told as one line: a move the engine logs in parts (an Advisor
 * question, one event per word) read as one sentence.
 */
export interface EventPhrase {
  /** Index of its first event in the log, and how many events it covers (one player's). */
  from: number;
  count: number;
  words: string;
  /** The notation shown beside the words (default: the events' texts). */
  notation?: string;
}

/** Everything a board draws from. Built by the app from the server's state message. */
export interface BoardState {
  game: string;
  options: Record<string, unknown>;
  /** The observer: a seat number, or null for a spectator / an omniscient replay. */
  seat: number | null;
  numSeats: number;
  view: View;
  /** The observer's legal moves in notation when it is to act, else []. */
  legal: string[];
  /** The seat to act (or -1 chance, -4 terminal: the engine's numbers). */
  toAct: number;
  status: "playing" | "finished";
  version: number;
  /** The whole log so far, as told to this observer; the last ones are highlighted. */
  events: GameEvent[];
  /** Returns per seat once finished. */
  returns?: number[];
  /** False in replays and for spectators: draw, but do not offer moves. */
  interactive: boolean;
}

export interface CheckResult {
  ok: boolean;
  /** Why the text is refused (parse error or illegal action), when !ok. */
  message?: string;
  /** How many actions the text stands for, when ok. */
  actions?: number;
}

export interface Suggestion {
  /** The actions the computer chose for this seat, each in notation, in order. */
  actions: string[];
  /** The seat's view after those actions (a design phase: the finished design). */
  view: View;
  /** The whole suggestion as one text `play` (and `check`) accepts, when the server gives one. */
  text?: string;
}

/** What a board may ask of the app. */
export interface BoardContext {
  /** Plays a move (one text in the game's notation; a whole design for multi-action texts). */
  play(text: string): void;
  /** Asks the server whether `text` would be accepted now, without playing it (live validity). */
  check(text: string): Promise<CheckResult>;
  /** Asks a computer player (an agent spec) what it would play for this seat; nothing is played. */
  suggest(agentSpec: string): Promise<Suggestion>;
  /** Shows a short message to the player (an illegal click, a hint). */
  notify(message: string): void;
}

export interface Board {
  /** Draws a new state (after every server message). Keeps local selections when still valid. */
  update(state: BoardState): void;
  destroy(): void;
}

export interface GameUI {
  id: string;
  /** Mounts the board (SVG plus any move buttons or editors it needs) into `host`. */
  createBoard(host: HTMLElement, state: BoardState, ctx: BoardContext): Board;
  /**
   * The clicks that play `move` on a board drawn from `state`: CSS selectors, relative to the board
   * host, to click in order. Null when the move has no click path (typing the notation still works).
   * The end-to-end tests play whole games through this, so it must match what the board does.
   */
  clicksFor(move: string, state: BoardState): string[] | null;
  /**
   * One line per seat for the match header (e.g. "North · 3 turns"); optional.
   */
  seatSummary?(state: BoardState, seat: number): string;
  /**
   * The seats' names before a match exists, for the lobby's form with its options as chosen: the
   * names the match's views will give ("Green", "North"; a role only when the options fix it).
   * Optional: "Player 1", "Player 2"… otherwise.
   */
  seatNames?(options: Record<string, unknown>, count: number): string[];
  /**
   * One event of the log in plain words for this observer (e.g. "deal 7D" → "7♦ dealt"); optional.
   * Null: the app shows the raw text. It may use only the event's text and `state` (the shown
   * state, whose `events` hold it): the text is already all this seat may know of the event. The
   * app keeps the raw notation visible beside the words.
   */
  describeEvent?(event: GameEvent, state: BoardState): string | null;
  /**
   * Runs of events the log tells as one line each (in order, not overlapping); optional. Like
   * describeEvent it may use only the events and `state`.
   */
  phraseEvents?(events: GameEvent[], state: BoardState): EventPhrase[];
  /**
   * A folded run of like events (the log folds four or more: a deal, a grid's chips, a maze's
   * cards) in one sentence of the game's words; optional. For a seat it follows the seat's name
   * ("put 12 chips on the home grid"); for chance it stands alone ("The 25 cards are dealt").
   * Null: the log shows the run's first and last entries. Like describeEvent it may use only the
   * events and `state`.
   */
  foldEvents?(events: GameEvent[], state: BoardState): string | null;
  /**
   * How the game ended, in its own terms, from the final view: the winner, the score and the
   * reason ("Purple wins 48–43", "Draw: round limit 3 reached, Jokers 0–0"); optional.
   */
  resultLine?(state: BoardState): string | null;
  /**
   * What to animate once the board has drawn `after`, the state that follows `before` with a
   * computer's move (cards turned face up, cards swapped, a pawn's walk); optional. Pure: it may
   * use only the two states (app/motion.ts plays the motions).
   */
  motions?(before: BoardState, after: BoardState): Motion[];
  /**
   * The small captioned positions of "How to play" (the goal, a turn, the special cards or pieces),
   * drawn read-only by this same board, so a new player sees them before the first match; optional.
   */
  diagrams?: Diagram[];
}

/** One diagram of "How to play": a position from real play and what it shows, in one sentence. */
export interface Diagram {
  caption: string;
  /** Shown only, never played: `interactive` false and no legal moves. */
  state: BoardState;
}

/**
 * The match page publishes what it draws on `window.__mazeworks` (the observer's own state only:
 * nothing a seat may not see). End-to-end tests read it to choose moves and wait for replies.
 */
export interface PageHook {
  state: BoardState | null;
}

declare global {
  interface Window {
    __mazeworks?: PageHook;
  }
}
