// The numeric observation (observation.h): fixed shape, from the seat's view only.
#include "core/observation.h"

#include <gtest/gtest.h>

#include "games/all_games.h"
#include "support/observation_testing.h"

namespace mw::pathfinder_barriers {
namespace {

TEST(BarriersObservation, SameInEveryWorldOfTheSeatFixedShapeFinite) {
  const Game game = builtin_games().load("pathfinder-barriers", Json::object());
  const auto tally = observation_testing::check_random_games(game, 3, 19, 13, 2);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_GT(tally.positions, 15);
  EXPECT_GT(tally.distinct.size(), 15U);
  EXPECT_GT(tally.redrawn_worlds, 0);  // the test can fail: the other grid is redrawn
}

}  // namespace
}  // namespace mw::pathfinder_barriers
