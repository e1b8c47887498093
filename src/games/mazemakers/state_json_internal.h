#pragma once
// Shared by the MazeMakers state files: the phases' names in JSON, and refusing a body.
#include <array>
#include <string>
#include <string_view>

#include "core/error.h"
#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers {

inline constexpr std::array<std::string_view, 15> kPhaseNames = {
    "first",      "suit", "extraSuit", "walls",   "tiles",       "control", "coins", "coinSuits",
    "wallAction", "move", "block",     "pvpRoll", "monsterRoll", "rolloff", "over"};

// Refuses a body: Error(kBadState), naming the game.
[[noreturn]] inline void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "MazeMakers state: " + what);
}

}  // namespace mw::mazemakers
