#pragma once
// Shared by the Treasure Hunt tests: the canonical fixture of RULINGS.md G3.7 and small helpers.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/treasure_hunt/treasure_hunt.h"
#include "support/state_testing.h"

namespace mw::treasure_hunt::test_support {

using state_testing::error_of;
using state_testing::play;
using state_testing::reason;

inline Game load(const Json& options = Json::object()) {
  return builtin_games().load("treasure-hunt", options);
}

inline Json specialized_options() {
  return {{"deck", "specialized"}};
}

inline State from_body(const Json& body, const Json& options = Json::object()) {
  return State::from_json(body, load(options).options());
}

// G3.7, skeleton 1: Green on 2C (e2), Purple on 4S (a5), the Treasure Marker on 4D (d3); A-3 of
// diamonds are scored. Purple's prior swap was 7D-KD, none of the cards the examples use.
//   row1:  3D  7D  KD  JD  4C
//   row2:  AC  3C  2H  AH  2C
//   row3:  3S  4H  QD  4D  10D
//   row4:  2D  AD  2S  5D  8D
//   row5:  4S  9D  3H  AS  6D
inline Json fixture_body() {
  return Json::parse(R"({
    "phase": "swap", "to_move": 0,
    "board": [["3D", "7D", "KD", "JD", "4C"],
              ["AC", "3C", "2H", "AH", "2C"],
              ["3S", "4H", "QD", "4D", "10D"],
              ["2D", "AD", "2S", "5D", "8D"],
              ["4S", "9D", "3H", "AS", "6D"]],
    "pawns": ["e2", "a5"], "scores": [1, 5], "treasure": "4D",
    "locked": ["7D", "KD"], "swapped": [], "turn": 6})");
}

inline State fixture(const Json& options = Json::object()) {
  return from_body(fixture_body(), options);
}

inline int cell(const char* name) {
  return parse_cell(name);
}

// A random position reached by seeded uniform play (chance included), stopped after `actions`.
inline State random_position(const Game& game, std::uint64_t seed, int actions) {
  return state_testing::random_position<State>(game, seed, actions);
}

}  // namespace mw::treasure_hunt::test_support
