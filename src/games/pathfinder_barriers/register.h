#pragma once
#include "core/game.h"

namespace mw::pathfinder_barriers {
// The registry entry: descriptor, options, renderer and the game's own agents.
GameEntry entry();
}  // namespace mw::pathfinder_barriers
