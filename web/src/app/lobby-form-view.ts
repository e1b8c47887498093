// The "new match" form for one game: its options, the seats (who plays each), public or unlisted,
// and "Create". It edits a LobbyForm and hands it to `create` when submitted.
import { clear, h } from "../core/dom";
import type { GameInfo } from "../core/api";
import { formProblem, newForm, playerCount, PLAYERS_OPTION, setOption, setPublic, setSeat,
  type LobbyForm } from "./lobby-form";
import { optionControl } from "./option-control";
import { seatName } from "./names";
import { choiceLabel, SEAT_CHOICE_LABELS, type SeatChoice } from "./seat-choices";

export function lobbyFormView(game: GameInfo, create: (form: LobbyForm) => Promise<void>): HTMLElement {
  let form = newForm(game);
  const seatsBox = h("fieldset", { class: "seats-box" });
  const problem = h("p", { class: "inline-error", role: "alert", id: "create-error" });
  const createButton = h("button", { type: "submit", class: "primary", id: "create-match" }, "Create the match");

  const drawSeats = () => {
    clear(seatsBox);
    seatsBox.append(h("legend", {}, "Seats"));
    form.seats.forEach((choice, seat) => {
      const id = `seat-${seat}`;
      seatsBox.append(h("div", { class: "seat-choice" },
        h("label", { for: id }, seatName(seat)),
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
      if (o.name === PLAYERS_OPTION) drawSeats();
      listed.checked = form.public;
    }));
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
