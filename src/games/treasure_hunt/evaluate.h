#pragma once
// Treasure Hunt's estimate of a position for searches that stop before the end.
#include <vector>

#include "core/state.h"

namespace mw::treasure_hunt {

// Each seat's expected return in (-1, 1): the score margin, then who is closer to the treasure.
std::vector<double> evaluate(const mw::State& state);

}  // namespace mw::treasure_hunt
