// Counters at their bounds: every document the engine writes reloads. The turns-begun counter
// is the one that play alone does not bound (a seeker may enter and exit for ever).
#include <gtest/gtest.h>

#include <string>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

// Both grids open, the pawns on F-6: the seekers may enter and exit as long as they like.
State open_play(const Json& options = Json::object()) {
  return from_grids(kOpenGrid, kOpenGrid, 0, options);
}

State with_turns(const State& s, const Json& options, int north, int south) {
  Json body = s.to_json();
  body["tracking"][0]["turns"] = north;
  body["tracking"][1]["turns"] = south;
  return State::from_json(body, load(options).options());
}

TEST(PathfinderBounds, TheTurnCounterSaturatesAtTheLoadBound) {
  State s = with_turns(open_play(), Json::object(), kMaxTurns - 1, kMaxTurns - 1);
  // North enters and exits, South too, twice: each exit begins the other seat's turn.
  for (int round = 0; round < 2; ++round) {
    play(s, round == 0 ? "enter A-1" : "enter B-1");
    play(s, "exit");
    play(s, round == 0 ? "enter A-1" : "enter B-1");
    play(s, "exit");
  }
  EXPECT_EQ(s.tracking(0).turns, kMaxTurns);
  EXPECT_EQ(s.tracking(1).turns, kMaxTurns);
  const Json body = s.to_json();
  EXPECT_EQ(State::from_json(body, load().options()).to_json(), body);
}

TEST(PathfinderBounds, DocumentsAtTheTurnBoundPlayOnAndReload) {
  for (const Json& options : {Json::object(), Json{{"allowRedundantQuestions", true}}}) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const State s = with_turns(open_play(options), options, kMaxTurns, kMaxTurns - 1);
      state_testing::expect_reloads_while_playing(
          s, load(options).options(), seed, 400, options.dump() + ", seed " + std::to_string(seed));
    }
  }
}

TEST(PathfinderBounds, TurnsPastTheBoundAreRefused) {
  Json body = open_play().to_json();
  body["tracking"][1]["turns"] = kMaxTurns + 1;
  EXPECT_NE(error_of([&] { State::from_json(body, load().options()); }, ErrorCode::kBadState), "");
}

}  // namespace
}  // namespace mw::pathfinder_barriers
