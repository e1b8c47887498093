#pragma once
// What the Python `State` holds and the checks that keep bad input from reaching a game: every
// player number from Python is checked here before it indexes anything in a game.
#include <cstdint>
#include <string>

#include "core/game.h"
#include "core/json.h"
#include "core/match.h"
#include "core/rng.h"
#include "core/state.h"

namespace mw::python {

// A position plus its own chance stream: new_initial_state(seed) seeds it as play_match seeds a
// game's chance stream, so sample_chance() draws what `mazeworks selfplay --seed` would draw.
struct PyState {
  PyState(State s, std::uint64_t seed_value)
      : state(std::move(s)), chance(chance_rng(seed_value)), seed(seed_value) {}
  State state;
  Rng chance;
  std::uint64_t seed;
};

// Throw Error(kBadRequest) unless `p` is a seat (0..n-1), or a seat/spectator/omniscient.
void check_seat(const State& state, Player p, const char* what);
void check_observer(const State& state, Player p, const char* what);
// Error(kBadRequest) when no seat is to act (a chance node or the end).
void check_decision(const State& state, const char* what);

// Error(kIllegalAction) when `a` is not legal now (its text depends on the position).
void check_nameable(const State& state, Action a);

// A full document {"game", "options", "state"} of this game, or a bare state body.
State state_from_json(const Game& game, const Json& document_or_body);

std::string describe_player(Player p);  // "0", "chance", "terminal", ...

}  // namespace mw::python
