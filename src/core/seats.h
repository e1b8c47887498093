#pragma once
// What to call each seat: the names the game gives in its public view ("seats": ["Maker",
// "Runner"]), a bare "P1" read as "Player 1" (as the browser does), else "Player 1", "Player 2",
// ...
#include <string>
#include <vector>

#include "core/state.h"

namespace mw {

std::vector<std::string> seat_names(const State& state);

// "Player 2": seat 1 as players read it, where a game gives its seats no names of their own.
std::string player_name(Player p);

// A seat's name as a sentence says it: shorthand such as "P2" (a board's, or notation's, as in
// `first P2`) is spelled out "Player 2"; any other name is kept.
std::string spelled_seat(const std::string& name);

}  // namespace mw
