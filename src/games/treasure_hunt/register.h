#pragma once
#include "core/game.h"

namespace mw::treasure_hunt {
// The registry entry: descriptor, options, renderer and the game's own agents.
GameEntry entry();
}  // namespace mw::treasure_hunt
