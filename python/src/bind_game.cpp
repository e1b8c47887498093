// mazeworks.games(), load_game(), state_from_json() and the Game class.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "ai/agents.h"
#include "batch.h"
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

std::vector<std::string> game_ids() {
  std::vector<std::string> ids;
  for (const GameEntry* e : builtin_games().entries()) ids.push_back(e->info.id);
  return ids;
}

Game load_game(const std::string& id, const py::object& options) {
  const Json overrides = options.is_none() ? Json::object() : json_argument(options, "options");
  return builtin_games().load(id, overrides);
}

py::dict random_games_dict(const RandomGames& r) {
  py::dict d;
  d["games"] = r.lengths.size();
  d["actions"] = r.actions;
  d["truncated"] = r.truncated;
  d["returns"] = r.returns;
  d["lengths"] = r.lengths;
  return d;
}

py::dict play_random(const Game& game, int n, std::uint64_t seed, int max_actions) {
  if (n < 0 || max_actions < 0) {
    throw Error(ErrorCode::kBadRequest, "play_random_games: n and max_actions must be >= 0");
  }
  RandomGames result;
  {
    py::gil_scoped_release release;
    result = play_random_games(game, n, seed, max_actions);
  }
  return random_games_dict(result);
}

py::list agent_listing(const Game& game) {
  py::list out;
  for (const AgentListing& a : list_agents(game)) {
    py::dict d;
    d["name"] = a.name;
    d["help"] = a.help;
    d["game_specific"] = a.game_specific;
    out.append(d);
  }
  return out;
}

}  // namespace

void bind_game(py::module_& m) {
  m.def("games", &game_ids, "The ids of every game, e.g. ['treasure-hunt', ...].");
  m.def(
      "catalog", [] { return to_python(game_catalog(builtin_games())); },
      "Every game's descriptor (name, players, options with defaults and help, agents).");
  m.def("load_game", &load_game, py::arg("game_id"), py::arg("options") = py::none(),
        "A game by id with options (a dict, or its JSON text); unknown options raise "
        "BadOptionError, unknown ids UnknownGameError.");
  m.def(
      "state_from_json",
      [](const py::object& document) {
        return PyState(builtin_games().state_from_document(json_argument(document, "document")), 0);
      },
      py::arg("document"),
      "A State from a full document {'game', 'options', 'state'} (State.to_json()), as text or "
      "dict.");

  py::class_<Game>(m, "Game", "A game with its options resolved; creates States.")
      .def_property_readonly("id", &Game::id)
      .def_property_readonly("name", [](const Game& g) { return g.info().name; })
      .def("num_players", &Game::num_players)
      .def(
          "info", [](const Game& g) { return to_python(g.info().to_json()); },
          "The descriptor: name, summary, players, perfect_information, chance, options.")
      .def(
          "options", [](const Game& g) { return to_python(g.options().to_json()); },
          "Every option's value, defaults included.")
      .def(
          "new_initial_state",
          [](const Game& g, std::uint64_t seed) { return PyState(g.new_initial_state(), seed); },
          py::arg("seed") = 0,
          "The initial position (chance nodes included). `seed` seeds the state's own chance "
          "stream, used by State.sample_chance().")
      .def(
          "state_from_json",
          [](const Game& g, const py::object& document) {
            return PyState(state_from_json(g, json_argument(document, "document")), 0);
          },
          py::arg("document"),
          "A State from State.to_json() (text or dict) or from a bare state body of this game.")
      .def("has_observation_tensor", &has_observation_tensor)
      .def("observation_tensor_shape", &observation_tensor_shape,
           "The shape of State.observation_tensor(); BadRequestError for games without one.")
      .def("agents", &agent_listing, "The agents this game offers: name, help, game_specific.")
      .def("play_random_games", &play_random, py::arg("n"), py::arg("seed") = 0,
           py::arg("max_actions") = 100000,
           "Plays n uniformly random games in C++ (the GIL released). Returns {'games', 'actions', "
           "'truncated', 'returns': per game per seat, 'lengths'}.")
      .def(
          "to_json", [](const Game& g) { return g.to_json().dump(); },
          "{'game': id, 'options': {...}} as JSON text.")
      .def(
          "__eq__", [](const Game& a, const Game& b) { return a == b; }, py::is_operator())
      .def("__hash__", [](const Game& g) { return py::hash(py::str(g.to_json().dump())); })
      .def("__repr__",
           [](const Game& g) {
             return "mazeworks.load_game('" + g.id() + "', " + g.options().to_json().dump() + ")";
           })
      .def(py::pickle([](const Game& g) { return py::make_tuple(g.to_json().dump()); },
                      [](const py::tuple& t) {
                        const Json j = json_argument(t[0], "pickled game");
                        return builtin_games().load(j.at("game").get<std::string>(),
                                                    j.at("options"));
                      }));

  m.def("play_random_games", &play_random, py::arg("game"), py::arg("n"), py::arg("seed") = 0,
        py::arg("max_actions") = 100000, "Same as Game.play_random_games.");
}

}  // namespace mw::python
