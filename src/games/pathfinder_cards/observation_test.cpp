// The numeric observation (observation.h): fixed length, from the seat's view only.
#include "core/observation.h"

#include <gtest/gtest.h>

#include "games/all_games.h"
#include "games/pathfinder_cards/layout.h"
#include "games/pathfinder_cards/observation.h"
#include "games/pathfinder_cards/pathfinder_cards.h"
#include "support/observation_testing.h"

namespace mw::pathfinder_cards {
namespace {

// The game with the options as given: roles drawn by chance unless they say otherwise.
Game load_as_given(const Json& options) {
  return builtin_games().load("pathfinder-cards", options);
}

TEST(CardsObservation, FixedLength) {
  EXPECT_EQ(observation_tensor_shape(load_as_given(Json::object())),
            (std::vector<int>{kObservationBoardPlanes * kCells + kObservationGlobals}));
}

TEST(CardsObservation, SameInEveryWorldOfTheSeatFixedShapeFinite) {
  const auto tally =
      observation_testing::check_random_games(load_as_given(Json::object()), 4, 17, 7, 3);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_GT(tally.positions, 20);
  EXPECT_GT(tally.redrawn_worlds, 0);  // the test can fail: the Runner's worlds differ
  EXPECT_GT(tally.distinct.size(), 20U);
}

// During the build the Runner is out of the room: her board planes are all zero.
TEST(CardsObservation, RunnerSeesNoCardDuringTheBuild) {
  const Game game = load_as_given(Json::object());
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

TEST(CardsObservation, VariantsAndMatchesKeepTheContract) {
  for (const Json& options :
       {Json{{"advanced", true}, {"board", "hex"}}, Json{{"matchGames", "2"}}}) {
    const auto tally = observation_testing::check_random_games(load_as_given(options), 3, 23, 7, 3);
    ASSERT_FALSE(HasFatalFailure()) << options.dump();
    EXPECT_GT(tally.redrawn_worlds, 0) << options.dump();
  }
}

// The first global field says "I am the Maker": in a match it follows the role, not the seat.
TEST(CardsObservation, MakerFlagFollowsTheRoleInAMatch) {
  const Game game = load_as_given(Json{{"matchGames", "2"}, {"roles", "seat0Maker"}});
  const auto maker_flag = [](const mw::State& s, Player seat) {
    return observation_tensor(s, seat)[kObservationBoardPlanes * kCells];
  };
  mw::State state = game.new_initial_state();
  EXPECT_EQ(maker_flag(state, 0), 1.0F);
  EXPECT_EQ(maker_flag(state, 1), 0.0F);
  Rng rng(4);
  while (!state.is_terminal() && state.view(0)["match"]["game"] == 1) state.play_random(rng, 1);
  ASSERT_FALSE(state.is_terminal());
  EXPECT_EQ(maker_flag(state, 0), 0.0F);
  EXPECT_EQ(maker_flag(state, 1), 1.0F);
}

// Option roles (G1.2 step 1): the flag follows the drawn Maker, whichever seat it is.
TEST(CardsObservation, MakerFlagFollowsTheDrawnRoles) {
  const Game game = load_as_given(Json::object());
  for (const Action draw : {kRolesBase, kRolesBase + 1}) {
    mw::State state = game.new_initial_state();
    EXPECT_EQ(observation_tensor(state, 0)[kObservationBoardPlanes * kCells], 0.0F);
    state.apply(draw);
    const Player maker = static_cast<Player>(draw - kRolesBase);
    EXPECT_EQ(observation_tensor(state, maker)[kObservationBoardPlanes * kCells], 1.0F);
    EXPECT_EQ(observation_tensor(state, 1 - maker)[kObservationBoardPlanes * kCells], 0.0F);
  }
}

}  // namespace
}  // namespace mw::pathfinder_cards
