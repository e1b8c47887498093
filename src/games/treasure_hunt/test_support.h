#pragma once
// Shared by the Treasure Hunt tests: the canonical fixture of RULINGS.md G3.7 and small helpers.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt::test_support {

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

// Applies notation, checking legality the way State::apply does.
inline void play(State& s, std::string_view text) {
  const Action a = s.parse_action(text);
  const std::string reason = s.illegal_reason(a);
  ASSERT_EQ(reason, "") << text;
  s.apply_legal(a);
}

inline std::string reason(const State& s, std::string_view text) {
  return s.illegal_reason(s.parse_action(text));
}

// The error a throwing call reports, or "" when it does not throw.
template <class F>
std::string error_of(F&& f, ErrorCode expected) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(error_code_name(e.code()), error_code_name(expected)) << e.what();
    return e.what();
  }
  return "";
}

// A random position reached by seeded uniform play (deal included), stopped after `actions`.
inline State random_position(const Game& game, std::uint64_t seed, int actions) {
  State s = State::initial(game.options());
  Rng rng(seed);
  ActionList scratch;
  play_random_actions(s, rng, actions, scratch);
  return s;
}

}  // namespace mw::treasure_hunt::test_support
