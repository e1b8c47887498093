#pragma once
// Shared by the core-layer tests (tests/core/): error checks, the first game, random matches.
// Every suite there is named "core" so that `ctest -R core` selects them.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ai/random_agent.h"
#include "core/error.h"
#include "core/match.h"
#include "games/all_games.h"

namespace mw::core_support {

// Runs `f`, which must throw mw::Error with `code`; returns the message for further checks.
template <class F>
std::string error_of(ErrorCode code, F&& f) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(error_code_name(e.code()), error_code_name(code)) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "expected an Error(" << error_code_name(code) << ")";
  return "";
}

inline Game first_game() {
  return builtin_games().load(builtin_games().entries().front()->info.id);
}

inline MatchResult random_match(const Game& game, std::uint64_t seed, int max_actions = 1'000'000) {
  std::vector<RandomAgent> agents(static_cast<std::size_t>(game.num_players()));
  std::vector<Agent*> seats;
  for (auto& a : agents) seats.push_back(&a);
  return play_match(game, seats, {seed, max_actions, true});
}

}  // namespace mw::core_support
