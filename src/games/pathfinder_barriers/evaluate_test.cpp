// evaluate: the search estimate (fewer risky questions to the pawn = ahead).
#include "games/pathfinder_barriers/evaluate.h"

#include <gtest/gtest.h>

#include <cmath>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

TEST(PathfinderEvaluate, CountsTheUnknownSlotsOnTheBestRoute) {
  State s = figure3();
  // North: the single route F-1 .. F-5 > E-5 is six unknown slots; South: F-1 .. F-6 on an empty
  // grid, six as well.
  EXPECT_EQ(unknown_slots_to_pawn(s, 0), 6);
  EXPECT_EQ(unknown_slots_to_pawn(s, 1), 6);
  play(s, "enter F-1");
  play(s, "F-1>F-2");
  EXPECT_EQ(unknown_slots_to_pawn(s, 0), 4);  // standing on F-2, four questions to go
}

TEST(PathfinderEvaluate, FavoursTheSeatNearerThePawnAndStaysInRange) {
  const Game game = load();
  State s = figure3();
  const auto even = evaluate(make_state(game, s));
  EXPECT_GT(even[0], 0.0);  // the tempo of the seat to move
  play(s, "enter F-1");
  play(s, "F-1>F-2");
  play(s, "F-2>F-3");
  const auto ahead = evaluate(make_state(game, s));
  EXPECT_GT(ahead[0], even[0] + 0.2);
  EXPECT_DOUBLE_EQ(ahead[0], -ahead[1]);
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const State r = random_position(game, seed, 100 + static_cast<int>(seed));
    const auto v = evaluate(make_state(game, r));
    ASSERT_EQ(v.size(), 2u);
    EXPECT_LE(std::abs(v[0]), 1.0);
    EXPECT_DOUBLE_EQ(v[0], -v[1]);
    if (r.phase() == Phase::kPlay) {
      EXPECT_GE(unknown_slots_to_pawn(r, 0), 0) << seed;
      EXPECT_GE(unknown_slots_to_pawn(r, 1), 0) << seed;
    }
  }
}

}  // namespace
}  // namespace mw::pathfinder_barriers
