#pragma once
// What a rematch changes of a finished match's setup: the seats stay, the roles swap.
#include <string_view>

#include "core/json.h"
#include "core/registry.h"

namespace mw::server {

// The options of a rematch of `game`: the game's own swap of its seat-bound choices
// (GameEntry::rematch_options: who makes the maze, who goes first), else the same options, so
// players who chose a game keep it and only the advantage of a role changes hands.
Json rematch_options(const Registry& registry, std::string_view game, const Json& options);

}  // namespace mw::server
