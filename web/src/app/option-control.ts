// One game option as a form control (checkbox, number field or choice list) labelled in plain
// words (option-words.ts), with its default and its help text as the explanation.
import { h } from "../core/dom";
import type { GameOption } from "../core/api";
import { parseOptionValue } from "./lobby-form";
import { choiceName, type OptionWords } from "./option-words";
import { plainWords } from "./plain-words";

type Value = boolean | number | string;

/** "attacker wins ties" → a sentence; the default is stated after it, in the choices' words. */
function explanation(option: GameOption, words?: OptionWords): string {
  const plain = plainWords(option.help);
  const help = plain.charAt(0).toUpperCase() + plain.slice(1);
  const range = option.type === "int" ? ` (${option.min}–${option.max})` : "";
  const byDefault = typeof option.default === "string" ? choiceLabel(option.default, words)
    : option.type === "bool" ? (option.default ? "on" : "off") : String(option.default);
  return `${help}${range}. Default: ${byDefault}.`;
}

/** A choice as the list shows it: its written name, else its value in words. */
export function choiceLabel(value: string, words?: OptionWords): string {
  return choiceName(words, value) ?? choiceWords(value);
}

/** "allowRedundantQuestions" → "allow redundant questions": the fallback of an option with no
 * written label (option-words.ts has one for every option the games have). */
export function optionLabel(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** A choice as words ("stopBeforeRepeat" → "stop before repeat"); codes in capitals ("LDUR") stay. */
export function choiceWords(choice: string): string {
  return /[a-z]/.test(choice) ? optionLabel(choice) : choice;
}

export function optionControl(option: GameOption, value: Value, onChange: (v: Value) => void,
  words?: OptionWords): HTMLElement {
  const label = words?.label ?? optionLabel(option.name);
  const id = `option-${option.name}`;
  const helpId = `${id}-help`;
  const common = { id, name: option.name, "aria-describedby": helpId };
  let control: HTMLElement;
  if (option.type === "bool") {
    control = h("input", { ...common, type: "checkbox", checked: value === true,
      onchange: (ev: Event) => onChange((ev.target as HTMLInputElement).checked) });
  } else if (option.type === "int") {
    const error = () => `${label} must be a whole number from ${option.min} to ${option.max}.`;
    control = h("input", { ...common, type: "number", min: option.min, max: option.max, step: 1,
      value: String(value),
      onchange: (ev: Event) => {
        const input = ev.target as HTMLInputElement;
        const parsed = parseOptionValue(option, input.value);
        input.setCustomValidity(parsed === null ? error() : "");
        if (parsed !== null) onChange(parsed);
        else input.reportValidity();
      } });
  } else {
    control = h("select", { ...common, onchange: (ev: Event) => onChange((ev.target as HTMLSelectElement).value) },
      (option.choices ?? []).map((c) => h("option", { value: c, selected: c === value }, choiceLabel(c, words))));
  }
  return h("div", { class: `option option-${option.type}` },
    h("label", { for: id }, label), control,
    h("p", { id: helpId, class: "help" }, explanation(option, words)));
}
