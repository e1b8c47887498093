// The Advisor's questions in the event log. The engine logs a question as one event per token
// (`q joker_in`, `q row`, `q 2`: `ask <question>` is played as those tokens), so the log folds
// each question's tokens into one line: the question as a sentence, with its answer once given
// ("asked the Advisor: “Is the Joker in row 2?” — No"). Pure code (no DOM).
import type { BoardState, EventPhrase, GameEvent } from "../types";
import { holes, infixText, tokenOfMove } from "./aql";
import { answerWord, questionWords } from "./aql-words";

/** One question as the log tells it: its events (from, count), tokens, finished or not. */
export interface LoggedQuestion {
  from: number;
  count: number;
  tokens: string[];
  complete: boolean;
}

/**
 * The questions in `events`, in order: runs of `q` events by one player, each ending when the
 * grammar says the question is whole. A token that does not fit ends the run unread (those
 * events are told one by one, as before).
 */
export function loggedQuestions(events: readonly GameEvent[]): LoggedQuestion[] {
  const out: LoggedQuestion[] = [];
  let current: (LoggedQuestion & { player: GameEvent["player"] }) | null = null;
  const close = () => {
    if (current && current.count > 0) {
      out.push({ from: current.from, count: current.count, tokens: current.tokens, complete: current.complete });
    }
    current = null;
  };
  events.forEach((e, i) => {
    const token = tokenOfMove(e.text);
    if (token === null || (current && current.player !== e.player)) close();
    if (token === null) return;
    current ??= { from: i, count: 0, tokens: [], complete: false, player: e.player };
    const open = holes([...current.tokens, token]);
    if (open === null) {
      close();
      return;
    }
    current.tokens.push(token);
    current.count += 1;
    if (open.length === 0) {
      current.complete = true;
      close();
    }
  });
  close();
  return out;
}

interface AdvisorAnswer { question?: string; answer?: string }

/** Digits left out: an answer's text names cells as they are now, after any shift (A-G1-48). */
const shape = (text: string) => text.replace(/-?\d+(\.\d+)?/g, "#").replace(/\s+/g, " ");

/**
 * The answer of each finished question, matched from the end: the view keeps the answers of the
 * game under way (in a match, earlier games' questions have none there), in the order asked. A
 * pair counts only if the texts agree, up to the numbers a shift of the maze renames.
 */
function answersOf(questions: LoggedQuestion[], state?: BoardState): Map<LoggedQuestion, string> {
  const answers = ((state?.view?.answers ?? []) as AdvisorAnswer[]).filter((a) => a.question !== undefined);
  const finished = questions.filter((q) => q.complete);
  const out = new Map<LoggedQuestion, string>();
  for (let j = 1; j <= Math.min(answers.length, finished.length); ++j) {
    const q = finished[finished.length - j];
    const a = answers[answers.length - j];
    if (shape(infixText(q.tokens)) === shape(a.question!) && a.answer) out.set(q, answerWord(a.answer));
  }
  return out;
}

/** The log's lines for the questions: one per question, in words, with the answer when known. */
export function questionPhrases(events: GameEvent[], state?: BoardState): EventPhrase[] {
  const questions = loggedQuestions(events);
  const answers = answersOf(questions, state);
  return questions.map((q) => {
    const sentence = `“${questionWords(q.tokens)}”`;
    const answer = answers.get(q);
    const words = !q.complete ? `is asking the Advisor, word by word: ${sentence}`
      : answer ? `asked the Advisor: ${sentence} — ${answer}` : `asked the Advisor: ${sentence}`;
    return {
      from: q.from, count: q.count, words,
      notation: q.complete ? `ask ${infixText(q.tokens)}`
        : events.slice(q.from, q.from + q.count).map((e) => e.text).join(" "),
    };
  });
}

/** The question under way in words, from the log's last tokens; `text` if they do not agree. */
export function questionUnderWay(events: GameEvent[], text: string): string {
  const last = loggedQuestions(events).at(-1);
  if (!last || last.complete || infixText(last.tokens) !== text) return text;
  return questionWords(last.tokens);
}
