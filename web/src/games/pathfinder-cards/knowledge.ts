// What the Runner has learnt, as the view keeps it: the ten trials' counts, the Advisor's answers,
// the Pathfinder's directions, a cancelled Mover proposal, the artifacts in use, match scores.
import { h } from "../../core/dom";
import { answerWord, questionInWords } from "./aql-words";
import { cardLabel, type PlayModel, SUIT_NAME } from "./model";

interface TenAnswer { ten: string; cell: string; suit: string; guess: number; actual: number; current: boolean }
interface Answer {
  question?: string; answer?: string;
  pathfinder?: string; directions?: string[];
  current: boolean;
}

function stale(current: boolean): string {
  return current ? "" : " (before the maze changed)";
}

function tenLine(t: TenAnswer): string {
  return `${cardLabel(t.ten)} at ${t.cell}: ${t.actual} ${SUIT_NAME[t.suit] ?? t.suit} around it `
    + `(guessed ${t.guess})${stale(t.current)}`;
}

function answerLine(a: Answer): string {
  if (a.pathfinder !== undefined) {
    const dirs = a.directions?.length ? a.directions.join(", ") : "no direction";
    return `Pathfinder at ${a.pathfinder}: ${dirs}${stale(a.current)}`;
  }
  // Named by coordinates only: the cards may have moved since it was asked.
  return `Advisor: ${questionInWords(a.question ?? "")} — ${answerWord(a.answer ?? "")}${stale(a.current)}`;
}

export function drawKnowledge(model: PlayModel): HTMLElement | null {
  const v = model.view;
  const lines: string[] = [
    ...((v.tens ?? []) as TenAnswer[]).map(tenLine),
    ...((v.answers ?? []) as Answer[]).map(answerLine),
  ];
  if (v.moverCancelled) lines.push(`Mover: "${v.moverCancelled}" was cancelled (it would cut every path to the Joker)`);
  if (Array.isArray(v.artifacts) && v.artifacts.length) lines.push(`Artifacts in use: ${v.artifacts.join(", ")}`);
  if (Array.isArray(v.powersUsed) && v.powersUsed.length) lines.push(`Powers used: ${v.powersUsed.join(", ")}`);
  if (v.match) {
    const m = v.match;
    lines.push(`Match: game ${m.game} of ${m.games}; ${m.maker} makes, ${m.runner} runs; totals ${v.seats?.[0]} ${m.totals?.[0]}, ${v.seats?.[1]} ${m.totals?.[1]}`);
  }
  if (lines.length === 0) return null;
  return h("section", { class: "pfc-knowledge", "aria-label": "what the Runner knows" },
    h("h3", {}, "Known"),
    h("ul", {}, lines.map((line) => h("li", {}, line))));
}
