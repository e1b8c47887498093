#pragma once
// Shared by the rule tests (rules_, combat_rules_, powers_test.cpp) and state_json_test.cpp: Jacks
// placed, hands read.
#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth::test_support {

// Puts seat's Jack on an empty, face-up Dungeon cell.
inline void stand(State& s, int seat, const char* where) {
  clear(s, where);
  s.mutable_player(seat).pos = static_cast<std::int8_t>(cell(where));
  s.mutable_player(seat).entered = true;
}

inline bool in_hand(const State& s, int seat, const char* what) {
  return s.loc(card(what)) == kLocHand + seat;
}

}  // namespace mw::jokers_labyrinth::test_support
