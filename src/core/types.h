#pragma once
// The vocabulary every layer shares: actions, players and chance outcomes.
#include <cstdint>
#include <vector>

namespace mw {

// An action is a compact per-game integer; each game documents its encoding and a text notation.
using Action = std::int64_t;

// Seats are 0..num_players-1. The negative ids name the actors and observers that are not seats.
using Player = int;
inline constexpr Player kChancePlayer = -1;
inline constexpr Player kTerminalPlayer = -2;
// view(kSpectator) holds only public facts; view(kOmniscient) holds everything (referee, replays).
inline constexpr Player kSpectator = -3;
inline constexpr Player kOmniscient = -4;

inline constexpr Action kNoAction = -1;

struct ChanceOutcome {
  Action action;
  double probability;
};

using ActionList = std::vector<Action>;

}  // namespace mw
