#pragma once
// A cheap estimate of each seat's final return for searches that cut a rollout short.
#include <vector>

#include "core/game.h"

namespace mw::mazemakers {

std::vector<double> evaluate(const mw::State& state);

}  // namespace mw::mazemakers
