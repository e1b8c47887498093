// The numeric observation (observation.h): fixed length, from the seat's view only.
#include "core/observation.h"

#include <gtest/gtest.h>

#include "core/observation_testing.h"
#include "games/all_games.h"
#include "games/pathfinder_cards/layout.h"
#include "games/pathfinder_cards/observation.h"

namespace mw::pathfinder_cards {
namespace {

Game load(const Json& options) {
  return builtin_games().load("pathfinder-cards", options);
}

TEST(CardsObservation, FixedLength) {
  EXPECT_EQ(observation_tensor_shape(load(Json::object())),
            (std::vector<int>{kObservationBoardPlanes * kCells + kObservationGlobals}));
}

TEST(CardsObservation, SameInEveryWorldOfTheSeatFixedShapeFinite) {
  const auto tally = observation_testing::check_random_games(load(Json::object()), 4, 17, 7, 3);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_GT(tally.positions, 20);
  EXPECT_GT(tally.redrawn_worlds, 0);  // the test can fail: the Runner's worlds differ
  EXPECT_GT(tally.distinct.size(), 20U);
}

// During the build the Runner is out of the room: her board planes are all zero.
TEST(CardsObservation, RunnerSeesNoCardDuringTheBuild) {
  const Game game = load(Json::object());
  mw::State state = game.new_initial_state();
  Rng rng(2);
  for (int i = 0; i < 10; ++i) state.play_random(rng, 1);
  ASSERT_EQ(state.view(1)["phase"], "build");
  const auto runner = observation_tensor(state, 1);
  const auto maker = observation_tensor(state, 0);
  const auto board_end = runner.begin() + kObservationBoardPlanes * kCells;
  EXPECT_TRUE(std::all_of(runner.begin(), board_end, [](float x) { return x == 0.0F; }));
  EXPECT_FALSE(
      std::all_of(maker.begin(), maker.begin() + kCells, [](float x) { return x == 0.0F; }));
}

}  // namespace
}  // namespace mw::pathfinder_cards
