#pragma once
#include "core/game.h"

namespace mw::jokers_labyrinth {
// The registry entry: descriptor, options, renderer and the game's own agents.
GameEntry entry();
}  // namespace mw::jokers_labyrinth
