// The State class: OpenSpiel's state API over the erased mw::State.
#include <fmt/format.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "core/error.h"
#include "core/observation.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "json_py.h"
#include "py_state.h"

namespace py = pybind11;

namespace mw::python {
namespace {

std::vector<std::pair<Action, double>> chance_outcomes(const PyState& s) {
  std::vector<std::pair<Action, double>> out;
  if (!s.state.is_chance_node()) return out;
  for (const ChanceOutcome& o : s.state.chance_outcomes())
    out.emplace_back(o.action, o.probability);
  return out;
}

ActionList legal_actions_of(const PyState& s, std::optional<Player> player) {
  if (player && (*player < 0 || *player >= s.state.num_players())) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("legal_actions: player {} is not a seat (0..{})", *player,
                            s.state.num_players() - 1));
  }
  if (player && *player != s.state.current_player()) return {};
  return s.state.legal_actions();
}

std::string action_text(const PyState& s, Action a, std::optional<Player> observer) {
  check_nameable(s.state, a);
  if (!observer) return s.state.action_to_string(a);
  check_observer(s.state, *observer, "action_to_string observer");
  return s.state.action_to_string_for(*observer, a);
}

Action sample_chance(PyState& s) {
  if (!s.state.is_chance_node()) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("sample_chance: this is not a chance node (player {} is to act)",
                            describe_player(s.state.current_player())));
  }
  return s.state.sample_chance(s.chance);
}

PyState resample(const PyState& s, Player p, std::uint64_t seed) {
  check_seat(s.state, p, "resample");
  Rng rng(seed);
  return PyState(s.state.resample(p, rng), seed);
}

// The game's own estimate, the one searches use where they cut a rollout short; at the end, the
// returns themselves.
std::vector<double> estimate(const PyState& s) {
  if (s.state.is_terminal()) return s.state.returns();
  const auto& evaluate = s.state.game().entry().evaluate;
  if (!evaluate) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("evaluate: {} has no position estimate", s.state.game().id()));
  }
  return evaluate(s.state);
}

std::string render(const PyState& s, Player observer, bool color, bool unicode) {
  check_observer(s.state, observer, "render observer");
  return s.state.game().render(s.state.view(observer), RenderStyle{color, unicode});
}

std::string repr(const PyState& s) {
  const Player p = s.state.current_player();
  const std::string who = p >= 0               ? fmt::format("seat {} to act", p)
                          : p == kChancePlayer ? std::string("chance node")
                                               : std::string("terminal");
  return fmt::format("<mazeworks.State {} ({})>", s.state.game().id(), who);
}

py::tuple pickle_state(const PyState& s) {
  return py::make_tuple(s.state.to_document().dump(), s.seed);
}

PyState unpickle_state(const py::tuple& t) {
  if (t.size() != 2) throw Error(ErrorCode::kBadState, "a pickled State is (document, seed)");
  const Json document = json_argument(t[0], "pickled state");
  return PyState(builtin_games().state_from_document(document), t[1].cast<std::uint64_t>());
}

}  // namespace

void bind_state(py::module_& m) {
  py::class_<PyState>(m, "State",
                      "A position. Failed calls (bad text, illegal actions) change nothing.")
      .def(
          "get_game", [](const PyState& s) { return s.state.game(); }, "The Game of this state.")
      .def_property_readonly("seed", [](const PyState& s) { return s.seed; })
      .def("num_players", [](const PyState& s) { return s.state.num_players(); })
      .def(
          "current_player", [](const PyState& s) { return s.state.current_player(); },
          "A seat, CHANCE (-1) or TERMINAL (-2).")
      .def("is_chance_node", [](const PyState& s) { return s.state.is_chance_node(); })
      .def("is_terminal", [](const PyState& s) { return s.state.is_terminal(); })
      .def("chance_outcomes", &chance_outcomes,
           "[(action, probability), ...] at a chance node, [] elsewhere.")
      .def("legal_actions", &legal_actions_of, py::arg("player") = py::none(),
           "The legal actions, sorted (chance outcomes at a chance node); [] for a player who is "
           "not to act.")
      .def("action_to_string", &action_text, py::arg("action"), py::arg("observer") = py::none(),
           "The notation of a legal action; with `observer`, what that observer is told of it "
           "(\"\" when it is told nothing, e.g. a step of the other seat's secret set-up).")
      .def(
          "string_to_action",
          [](const PyState& s, std::string_view text) { return s.state.parse_action(text); },
          py::arg("text"), "Notation to an action (ParseError saying what was expected).")
      .def(
          "string_to_actions",
          [](const PyState& s, std::string_view text) { return s.state.parse_actions(text); },
          py::arg("text"), "Several decisions in one text (a whole path, a whole home grid).")
      .def(
          "apply_action", [](PyState& s, Action a) { s.state.apply(a); }, py::arg("action"),
          "Plays a legal action; IllegalActionError with the reason otherwise (nothing changes).")
      .def(
          "apply_actions",
          [](PyState& s, const std::vector<Action>& actions) { s.state.apply_all(actions); },
          py::arg("actions"), "All or none: applies the actions in order.")
      .def("sample_chance", &sample_chance,
           "At a chance node: an outcome drawn from the state's chance stream (not applied).")
      .def(
          "play_random",
          [](PyState& s, std::uint64_t seed, int max_actions) {
            Rng rng(seed);
            py::gil_scoped_release release;
            return s.state.play_random(rng, max_actions);
          },
          py::arg("seed"), py::arg("max_actions") = 100000,
          "Plays uniformly random actions (chance by its probabilities) in place, in C++, until "
          "the end or max_actions; returns how many were applied. A rollout in one call.")
      .def("returns", [](const PyState& s) { return s.state.returns(); })
      .def("evaluate", &estimate,
           "The game's estimate of each seat's final return, in [-1, 1], the one its searches use "
           "where they stop a rollout early (the returns at the end). It reads the full state, "
           "hidden data included: an agent should ask it of resample(seat, seed).")
      .def(
          "view",
          [](const PyState& s, Player observer) {
            check_observer(s.state, observer, "view");
            return to_python(s.state.view(observer));
          },
          py::arg("player"),
          "What a seat, SPECTATOR or OMNISCIENT may see, as a dict (docs/rules/<game>.md).")
      .def(
          "information_state_key",
          [](const PyState& s, Player p) {
            check_seat(s.state, p, "information_state_key");
            return s.state.information_state_key(p);
          },
          py::arg("player"), "A 64-bit hash of everything this seat has observed.")
      .def("resample", &resample, py::arg("player"), py::arg("seed"),
           "A full state consistent with what `player` has observed (hidden data redrawn).")
      .def(
          "observation_tensor",
          [](const PyState& s, Player p) { return observation_tensor(s.state, p); },
          py::arg("player"),
          "A flat list of floats built from this seat's view; reshape with "
          "Game.observation_tensor_shape(). BadRequestError for games without one.")
      .def(
          "observation_tensor_bytes",
          [](const PyState& s, Player p) {
            const std::vector<float> t = observation_tensor(s.state, p);
            return py::bytes(reinterpret_cast<const char*>(t.data()), t.size() * sizeof(float));
          },
          py::arg("player"),
          "observation_tensor() as packed float32 in the machine's byte order, without a Python "
          "float per value: numpy.frombuffer(b, numpy.float32) or array.array('f', b).")
      .def("clone", [](const PyState& s) { return PyState(s); })
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def(
          "__deepcopy__", [](const PyState& s, const py::dict&) { return PyState(s); },
          py::arg("memo"))
      .def(
          "to_json", [](const PyState& s) { return s.state.to_document().dump(); },
          "The full document {'game', 'options', 'state'} as JSON text (hidden data included).")
      .def(
          "to_dict", [](const PyState& s) { return to_python(s.state.to_document()); },
          "The full document as a dict.")
      .def("render", &render, py::arg("observer") = kOmniscient, py::arg("color") = false,
           py::arg("unicode") = true, "The terminal drawing of one observer's view.")
      .def("__str__", [](const PyState& s) { return render(s, kOmniscient, false, true); })
      .def("__repr__", &repr)
      .def(py::pickle(&pickle_state, &unpickle_state));
}

}  // namespace mw::python
