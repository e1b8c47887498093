// mazeworks.agent(spec): the engine's agents (make_agent from src/ai) stepping Python States.
#include <fmt/format.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>

#include "ai/agents.h"
#include "bindings.h"
#include "core/agent.h"
#include "core/error.h"
#include "games/all_games.h"
#include "py_state.h"

namespace py = pybind11;

namespace mw::python {
namespace {

// An agent by spec, made for a game at its first step (or at once when a game is given), and made
// again if it is asked to play another game. Not thread-safe: one agent per thread.
class PyAgent {
 public:
  PyAgent(std::string spec, std::optional<Game> game, std::uint64_t seed)
      : spec_(std::move(spec)), rng_(seed) {
    AgentSpec::parse(spec_);  // a malformed spec fails here, an unknown name at the first game
    if (game) ensure_for(*game);
  }

  Action step(const PyState& s, std::optional<Player> player) {
    check_decision(s.state, "step");
    const Player p = player.value_or(s.state.current_player());
    check_seat(s.state, p, "step");
    if (p != s.state.current_player()) {
      throw Error(ErrorCode::kBadRequest, fmt::format("step: seat {} is not to act (seat {} is)", p,
                                                      s.state.current_player()));
    }
    ensure_for(s.state.game());
    py::gil_scoped_release release;  // a search may run for seconds
    const Observation obs(s.state, p);
    return agent_->choose(obs, rng_);
  }

  // Seat `player` (this agent's) watches the seat to act in `s` play `action`.
  void observe(const PyState& s, Action action, Player player) {
    check_decision(s.state, "observe");
    check_seat(s.state, player, "observe");
    if (const std::string why = s.state.illegal_reason(action); !why.empty()) {
      throw Error(ErrorCode::kIllegalAction, fmt::format("observe: {}", why));
    }
    ensure_for(s.state.game());
    observe_action(*agent_, player, s.state, action);
  }

  void reset() {
    if (agent_) agent_->reset();
  }
  const std::string& spec() const { return spec_; }

 private:
  void ensure_for(const Game& game) {
    if (game_ && *game_ == game) return;
    agent_ = make_agent(game, spec_);
    game_ = game;
  }

  std::string spec_;
  std::optional<Game> game_;
  std::unique_ptr<Agent> agent_;
  Rng rng_;
};

// `game=` as a Game, a game id (its default options), or None.
std::optional<Game> game_argument(const py::object& game) {
  if (game.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(game)) return builtin_games().load(game.cast<std::string>());
  if (py::isinstance<Game>(game)) return game.cast<Game>();
  throw py::type_error("game must be a mazeworks.Game, a game id such as 'treasure-hunt', or None");
}

}  // namespace

void bind_agent(py::module_& m) {
  py::class_<PyAgent>(m, "Agent",
                      "An engine agent (random, ismcts, pimc, mcts, alphabeta, or a "
                      "game's own) choosing from one seat's observation only.")
      .def("step", &PyAgent::step, py::arg("state"), py::arg("player") = py::none(),
           "The action this agent chooses for the seat to act (the GIL is released meanwhile). "
           "The agent sees only that seat's view and worlds resampled from it.")
      .def("observe", &PyAgent::observe, py::arg("state"), py::arg("action"), py::arg("player"),
           "Seat `player`, the one this agent plays, watches the seat to act in `state` play "
           "`action` (call it before applying the action). Its own moves, chance and moves "
           "secret from that seat are ignored. Agents that learn their opponents' habits "
           "(ismcts with oeps=learn or oeps=classify) use it; the others ignore it.")
      .def("reset", &PyAgent::reset, "A new game begins (agents that remember reset here).")
      .def_property_readonly("spec", &PyAgent::spec)
      .def("__repr__", [](const PyAgent& a) { return "mazeworks.agent('" + a.spec() + "')"; });

  m.def(
      "agent",
      [](const std::string& spec, const py::object& game, std::uint64_t seed) {
        return PyAgent(spec, game_argument(game), seed);
      },
      py::arg("spec"), py::arg("game") = py::none(), py::arg("seed") = 0,
      "An agent by spec string, e.g. 'ismcts:ms=200' or 'random' (`mazeworks agents` lists them). "
      "`seed` seeds its random stream; with `game` (a Game, or a game id such as "
      "'treasure-hunt') an unknown name fails at once.");
}

}  // namespace mw::python
