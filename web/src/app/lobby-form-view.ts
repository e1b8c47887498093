// The "new match" form for one game: its options, the seats (who plays each), public or unlisted,
// and "Create". It edits a LobbyForm and hands it to `create` when submitted.
import { clear, h } from "../core/dom";
import type { GameInfo } from "../core/api";
import type { GameUI } from "../games/types";
import { formProblem, newForm, playerCount, setOption, setPublic, setSeat,
  type LobbyForm } from "./lobby-form";
import { optionControl } from "./option-control";
import { optionWords } from "./option-words";
import { seatName } from "./names";
import { choiceLabel, SEAT_CHOICE_LABELS, type SeatChoice } from "./seat-choices";

/**
 * The form for `game`; `ui` (the game's interface, when there is one) names the seats as the match
 * will ("Green", "North", "Maker" when the options fix the roles), else "Player 1", "Player 2"….
 */
export function lobbyFormView(game: GameInfo, create: (form: LobbyForm) => Promise<void>,
  ui?: Pick<GameUI, "seatNames">): HTMLElement {
  let form = newForm(game);
  const seatsBox = h("fieldset", { class: "seats-box" });
  const problem = h("p", { class: "inline-error", role: "alert", id: "create-error" });
  const createButton = h("button", { type: "submit", class: "primary", id: "create-match" }, "Create the match");

  const seatNames = () => {
    try {
      return ui?.seatNames?.(form.options, form.seats.length);
    } catch (err) {
      console.error(`naming the seats of ${game.id} failed`, err);
      return undefined;
    }
  };
  const drawSeats = () => {
    clear(seatsBox);
    seatsBox.append(h("legend", {}, "Seats"));
    const names = seatNames();
    form.seats.forEach((choice, seat) => {
      const id = `seat-${seat}`;
      seatsBox.append(h("div", { class: "seat-choice" },
        h("label", { for: id }, seatName(seat, names)),
        h("select", { id, name: id, onchange: (ev: Event) => {
          form = setSeat(form, seat, (ev.target as HTMLSelectElement).value as SeatChoice);
          listed.checked = form.public;
          problem.textContent = "";
        } }, (Object.keys(SEAT_CHOICE_LABELS) as SeatChoice[]).map((c) =>
          h("option", { value: c, selected: c === choice }, choiceLabel(game, c, playerCount(game, form.options)))))));
    });
  };

  const options = game.options.map((o) =>
    optionControl(o, form.options[o.name], (v) => {
      form = setOption(form, o.name, v);
      // The number of players, and options that name the seats (fixed roles), redraw them.
      drawSeats();
      listed.checked = form.public;
    }, optionWords(game.id, o.name)));
  const listed = h("input", { id: "match-public", type: "checkbox", checked: form.public,
    onchange: (ev: Event) => (form = setPublic(form, (ev.target as HTMLInputElement).checked)) }) as HTMLInputElement;
  drawSeats();

  const visibility = h("div", { class: "option" },
    h("label", { for: "match-public" }, "public"), listed,
    h("p", { class: "help" }, "Public matches are listed in the lobby for anyone to join; unlisted ones only by their invite link. "
      + "A match gets listed by itself once a seat is for a friend."));

  const submit = async (ev: Event) => {
    ev.preventDefault();
    const why = formProblem(form);
    if (why) return void (problem.textContent = why);
    problem.textContent = "";
    createButton.disabled = true;
    try {
      await create(form);
    } catch (err) {
      problem.textContent = err instanceof Error ? err.message : String(err);
    } finally {
      createButton.disabled = false;
    }
  };

  return h("form", { class: "new-match", "data-game": game.id, onsubmit: submit },
    h("h2", {}, `New match: ${game.name}`),
    h("p", { class: "summary" }, game.summary),
    seatsBox,
    options.length > 0 ? h("fieldset", { class: "options-box" }, h("legend", {}, "Options"), options) : null,
    visibility,
    createButton, problem);
}
