#pragma once
// A cheap estimate of each seat's final return for searches that cut a rollout short.
#include <vector>

#include "core/game.h"
#include "core/types.h"

namespace mw::mazemakers {

class State;

// A seat's progress toward a win, from public facts (what `evaluate` compares between seats).
double progress(const State& s, Player p);

std::vector<double> evaluate(const mw::State& state);

}  // namespace mw::mazemakers
