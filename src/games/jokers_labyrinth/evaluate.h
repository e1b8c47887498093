#pragma once
// The Joker's Labyrinth's estimate of a position for searches that stop before the end.
#include <vector>

#include "core/state.h"

namespace mw::jokers_labyrinth {

// Each seat's expected return: a win probability per seat from Jokers held, nearness to a Joker
// still on the board, value cards, debt and a lost turn, mapped to the game's returns (winner +1,
// the others -1/(n-1)), so the values add up to 0.
std::vector<double> evaluate(const mw::State& state);

}  // namespace mw::jokers_labyrinth
