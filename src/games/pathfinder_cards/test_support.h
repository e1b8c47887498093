#pragma once
// Shared by the Pathfinder tests: the 5x8 fixture maze of G1.7 and helpers to set up positions.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/pathfinder_cards/pathfinder_cards.h"
#include "support/state_testing.h"

namespace mw::pathfinder_cards::test_support {

using state_testing::error_of;
using state_testing::legal;
using state_testing::play;
using state_testing::reason;

// Most tests fix the roles (seat 0 makes the first maze) unless they say otherwise; roles_test.cpp
// covers the default, roles=random, and seat0Runner.
inline Game load(Json options = Json::object()) {
  if (!options.contains("roles")) options["roles"] = "seat0Maker";
  return builtin_games().load("pathfinder-cards", options);
}

// The 5x8 rectangle x 0..7, y 0..4 with A♦ at (0,2) (G1.7 scenario 2) and a straight diamond path
// along row 2 to the Joker at (7,2).
inline const char* kFixture =
    "AC  2C  3C  4C  5C  6C  7C  8C\n"
    "9C  10C JC  QC  KC  8D  9D  10D\n"
    "AD  2D  3D  4D  5D  6D  7D  JK\n"
    "AS  2S  3S  4S  5S  6S  7S  8S\n"
    "9S  10S JS  QS  KS  JD  QD  KD\n";

inline int cell(const char* name) {
  return parse_cell(name);
}

// A position in play from a drawing: the cards listed in `up` face up (A♦ always), the hand and
// the Compass on the table as given (else withdrawn); no effect pending.
inline State position(const std::string& maze, const std::vector<std::string>& up,
                      const std::vector<std::string>& hand, const char* compass = nullptr,
                      const Json& options = Json::object()) {
  const Game game = load(options);
  const Config config = Config::from_options(game.options());
  State s = State::from_layout(parse_maze(maze, config.topo, config.advanced), game.options());
  Json body = s.to_json();
  for (Json& c : body["cards"]) {
    const std::string code = c[0].get<std::string>();
    c[2] = code == "AD" || std::find(up.begin(), up.end(), code) != up.end();
  }
  body["phase"] = "play";
  body["hand"] = hand;
  // Play always follows a Compass choice: without one on the table, 2H was chosen and withdrawn.
  body["compass"] = compass ? "table" : "withdrawn";
  body["compassCard"] = compass ? compass : "2H";
  Json discards = Json::array();
  for (int r = 1; r <= 13; ++r) {
    const std::string h = heart_code(r);
    if (std::find(hand.begin(), hand.end(), h) == hand.end() && (!compass || h != compass)) {
      discards.push_back(h);
    }
  }
  body["discards"] = discards;
  return State::from_json(body, game.options());
}

inline std::string hand_text(const State& s) {
  std::string out;
  for (int r = 1; r <= 13; ++r) {
    if (s.in_hand(r)) out += (out.empty() ? "" : " ") + heart_code(r);
  }
  return out;
}

}  // namespace mw::pathfinder_cards::test_support
