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

// from_json's message for `body`, "" when it accepts it.
inline std::string rejection(const Json& body, const Json& options = Json::object()) {
  return error_of([&] { from_body(body, options); }, ErrorCode::kBadState);
}

inline Json with(Json body, const char* name, const Json& value) {
  body[name] = value;
  return body;
}

// The specialized deck in card order: treasures 1-9, then red, blue, yellow and green 1-4. Green on
// B1 (d3), right below T9 (d2), the current Treasure; Purple on G4 (e5). T1..T8 are scored: the
// scores add up to 36 (+ 45 per full round of T1..T9).
inline Json specialized_body(int green, int purple) {
  Json body = Json::parse(R"({
    "phase": "swap", "to_move": 0,
    "board": [["T1", "T2", "T3", "T4", "T5"], ["T6", "T7", "T8", "T9", "R1"],
              ["R2", "R3", "R4", "B1", "B2"], ["B3", "B4", "Y1", "Y2", "Y3"],
              ["Y4", "G1", "G2", "G3", "G4"]],
    "pawns": ["d3", "e5"], "treasure": "T9", "locked": ["R1", "B2"], "turn": 20})");
  body["scores"] = {green, purple};
  return body;
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
