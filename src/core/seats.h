#pragma once
// What to call each seat: the names the game gives in its public view ("seats": ["Maker",
// "Runner"]), a bare "P1" read as "Player 1" (as the browser does), else "Player 1", "Player 2",
// ...
#include <string>
#include <vector>

#include "core/state.h"

namespace mw {

std::vector<std::string> seat_names(const State& state);

}  // namespace mw
