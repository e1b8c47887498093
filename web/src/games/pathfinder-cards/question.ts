// The Advisor's question builder: templates for the question language (AQL, docs/rules/
// pathfinder-cards.md "The Advisor's question language") with fields to fill, a preview of the
// question in words, and a live check with the server (ctx.check) before anything is spent: from
// MAIN, `ask <question>` spends the Advisor only when the whole question parses (A-G1-41).
import { h } from "../../core/dom";
import type { BoardContext } from "../types";
import { cardLabel, type PlayModel } from "./model";

type FieldKind = "cell" | "pred" | "cmp" | "int" | "axis" | "num" | "dir" | "nb" | "facing";

interface Template {
  id: string;
  title: string;
  fields: Array<[name: string, kind: FieldKind]>;
  /** The question in words, with {name} for each field's words. */
  words: string;
  /** The AQL text, with {name} for each field's value. */
  aql: string;
}

const TEMPLATES: Template[] = [
  { id: "card", title: "What is the card at a place?", fields: [["c", "cell"], ["p", "pred"]],
    words: "Is the card at {c} {p}?", aql: "card ({c}) is {p}" },
  { id: "half", title: "Is the Joker on this side of a line?",
    fields: [["a", "axis"], ["o", "cmp"], ["n", "num"]],
    words: "Is the Joker where {a} {o} {n}?", aql: "joker_in halfplane({a} {o} {n})" },
  { id: "count", title: "How many cards of a kind around a place?",
    fields: [["k", "nb"], ["c", "cell"], ["p", "pred"], ["f", "facing"], ["o", "cmp"], ["n", "int"]],
    words: "Among the {k} neighbours of {c}, is the number of cards that are {p} ({f}) {o} {n}?",
    aql: "count(neighbors(({c}), {k}), {p}, {f}) {o} {n}" },
  { id: "shortest", title: "Would going this way put me on the shortest path?",
    fields: [["d", "dir"], ["c", "cell"]],
    words: "Would going {d} from {c} put me on a shortest path to the Joker?",
    aql: "on_shortest_path(({c}), {d})" },
  { id: "somepath", title: "Is this place on a path to the Joker?", fields: [["c", "cell"]],
    words: "Is {c} on some path of diamonds from the Ace of diamonds to the Joker?",
    aql: "on_some_path(({c}))" },
  { id: "dist", title: "How far is the Joker from a place?",
    fields: [["c", "cell"], ["o", "cmp"], ["n", "int"]],
    words: "Is the distance from {c} to the Joker, along diamonds, {o} {n}?",
    aql: "dist(({c}), joker) {o} {n}" },
];

type Option = [value: string, words: string];

const PREDS: Option[] = [
  ["suit D", "a diamond"], ["suit C", "a club"], ["suit S", "a spade"], ["red", "red"],
  ["black", "black"], ["joker", "the Joker"], ["diamond_or_joker", "a diamond or the Joker"],
  ["any", "any card"],
  ...["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    .map((r): Option => [`rank ${r}`, `of rank ${r}`]),
];
const CMPS: Option[] = [
  ["=", "equal to"], ["!=", "not equal to"], ["<", "less than"], ["<=", "at most"],
  [">", "more than"], [">=", "at least"],
];
const FACINGS: Option[] = [["any", "face up or down"], ["face_down", "face down"], ["face_up", "face up"]];

function optionsFor(kind: FieldKind, model: PlayModel): Option[] {
  switch (kind) {
    case "cell":
      return model.cards.map((c): Option => [c.cell, `${c.cell} (${c.card && c.up ? cardLabel(c.card) : "face down"})`]);
    case "pred": return PREDS;
    case "cmp": return CMPS;
    case "facing": return FACINGS;
    case "axis": return [["x", "the column x"], ["y", "the row y"]];
    case "nb": return model.hex ? [["hex", "six"], ["orth", "four edge"], ["diag", "four diagonal"]]
      : [["orth", "four edge"], ["diag", "four diagonal"], ["all", "eight"]];
    case "dir": return (model.hex ? ["E", "NE", "NW", "W", "SW", "SE"] : ["N", "E", "S", "W"])
      .map((d): Option => [d, d]);
    case "int": return Array.from({ length: 41 }, (_, i): Option => [String(i), String(i)]);
    case "num": return Array.from({ length: 81 }, (_, i): Option => {
      const v = String((i - 1) / 2);
      return [v, v];
    });
  }
}

export interface QuestionBuilder {
  element: HTMLElement;
  /** Redraws the fields for a new view (keeps the template and the chosen values). */
  update(model: PlayModel, prefix: string): void;
}

/** `prefix` is what precedes the question in the move: "ask" (from MAIN or at the Advisor). */
export function createQuestionBuilder(ctx: BoardContext): QuestionBuilder {
  let template = TEMPLATES[0];
  const values: Record<string, string> = {};
  let model: PlayModel | null = null;
  let prefix = "ask";
  let checkSerial = 0;

  const element = h("section", { class: "pfc-question", "aria-label": "the Advisor's question builder" });
  const status = h("p", { class: "pfc-question-status", role: "status" });
  const preview = h("p", { class: "pfc-question-preview" });
  const aqlLine = h("code", { class: "pfc-question-aql" });
  const askButton = h("button", { type: "button", class: "pfc-btn primary", disabled: true,
    onclick: () => ctx.play(moveText()) }, "Ask the Advisor");

  const fieldValue = (name: string, kind: FieldKind): string => {
    const options = model ? optionsFor(kind, model) : [];
    if (!options.some(([v]) => v === values[name])) values[name] = options[0]?.[0] ?? "";
    return values[name];
  };
  const fill = (text: string, pick: (name: string, kind: FieldKind) => string) =>
    text.replace(/\{(\w)\}/g, (_, name: string) => {
      const kind = template.fields.find(([n]) => n === name)![1];
      return pick(name, kind);
    });
  const aqlText = () => fill(template.aql, fieldValue);
  const moveText = () => `${prefix} ${aqlText()}`;

  function refreshPreview(): void {
    preview.textContent = fill(template.words, (name, kind) => {
      const value = fieldValue(name, kind);
      if (kind === "cell") return value;
      return model ? optionsFor(kind, model).find(([v]) => v === value)?.[1] ?? value : value;
    });
    aqlLine.textContent = aqlText();
    askButton.disabled = true;
    status.textContent = "Checking…";
    const serial = ++checkSerial;
    ctx.check(moveText()).then((result) => {
      if (serial !== checkSerial) return;
      askButton.disabled = !result.ok;
      status.textContent = result.ok ? "✓ The Advisor accepts this question."
        : `✗ ${result.message ?? "not accepted now"}`;
      status.classList.toggle("bad", !result.ok);
    }, (err: unknown) => {
      if (serial === checkSerial) status.textContent = `✗ cannot check: ${String(err)}`;
    });
  }

  function select(name: string, kind: FieldKind): HTMLElement {
    const current = fieldValue(name, kind);
    return h("select", {
      "aria-label": `${kind} (${name})`,
      onchange: (e: Event) => {
        values[name] = (e.target as HTMLSelectElement).value;
        refreshPreview();
      },
    }, optionsFor(kind, model!).map(([v, words]) =>
      h("option", { value: v, selected: v === current }, words)));
  }

  function draw(): void {
    element.replaceChildren(
      h("h3", {}, "Ask the Advisor"),
      h("label", {}, "Question: ",
        h("select", {
          "aria-label": "question template",
          onchange: (e: Event) => {
            template = TEMPLATES.find((t) => t.id === (e.target as HTMLSelectElement).value)!;
            draw();
          },
        }, TEMPLATES.map((t) => h("option", { value: t.id, selected: t === template }, t.title)))),
      h("div", { class: "pfc-question-fields" }, template.fields.map(([name, kind]) => select(name, kind))),
      preview, aqlLine, status, askButton,
    );
    refreshPreview();
  }

  return {
    element,
    update(next, nextPrefix) {
      model = next;
      prefix = nextPrefix;
      draw();
    },
  };
}
