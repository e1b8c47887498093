// The numeric observation (observation.h): fixed shape per options, from the seat's view only.
#include "core/observation.h"

#include <gtest/gtest.h>

#include "games/all_games.h"
#include "games/mazemakers/observation.h"
#include "games/mazemakers/pentomino.h"
#include "games/mazemakers/test_support.h"
#include "support/observation_testing.h"

namespace mw::mazemakers {
namespace {

using test_support::load;

TEST(MazemakersObservation, ShapeFollowsPlayersAndBoard) {
  EXPECT_EQ(observation_tensor_shape(load(Json::object())), (std::vector<int>{95, 10, 10}));
  EXPECT_EQ(observation_tensor_shape(load({{"players", 4}})), (std::vector<int>{137, 10, 10}));
  EXPECT_EQ(observation_tensor_shape(load({{"board", "noPentominos"}, {"players", 3}})),
            (std::vector<int>{116, 18, 18}));
}

TEST(MazemakersObservation, SameInEveryWorldOfTheSeatFixedShapeFinite) {
  for (const Json& options :
       {Json::object(), Json{{"players", 3}}, Json{{"board", "noPentominos"}, {"players", 4}}}) {
    const auto tally = observation_testing::check_random_games(load(options), 3, 11, 23, 2);
    ASSERT_FALSE(HasFatalFailure()) << options.dump();
    EXPECT_GT(tally.positions, 30) << options.dump();
    EXPECT_GT(tally.redrawn_worlds, 0) << options.dump();  // the test can fail: suits redrawn
    EXPECT_GT(tally.distinct.size(), 30U) << options.dump();
  }
}

// Seat block 0 is the observer's own: seat 0's block 0 is seat 1's block 1 (two players).
TEST(MazemakersObservation, SeatBlocksAreRelativeToTheObserver) {
  const Game game = load(Json::object());
  mw::State state = game.new_initial_state();
  Rng rng(5);
  for (int i = 0; i < 200 && !state.is_terminal(); ++i) state.play_random(rng, 1);
  ASSERT_FALSE(state.is_terminal());
  const auto t0 = observation_tensor(state, 0);
  const auto t1 = observation_tensor(state, 1);
  const std::size_t block = kObservationSeatPlanes * 100;
  const std::size_t base = kObservationGlobalPlanes * 100;
  EXPECT_TRUE(std::equal(t0.begin() + base, t0.begin() + base + block, t1.begin() + base + block));
  EXPECT_TRUE(std::equal(t1.begin() + base, t1.begin() + base + block, t0.begin() + base + block));
}

// Each placed pentomino has its own plane of five squares; together they are the wall plane.
TEST(MazemakersObservation, PiecePlanesAreTheWalls) {
  const Game game = load(Json::object());
  mw::State state = game.new_initial_state();
  Rng rng(8);
  for (int i = 0; i < 60 && !state.is_terminal(); ++i) state.play_random(rng, 1);
  const auto t = observation_tensor(state, 1);
  const auto at = [&](int plane, int cell) {
    return t[static_cast<std::size_t>(plane * 100 + cell)];
  };
  const int placed = static_cast<int>(state.view(1)["walls"].size());
  int planes_used = 0;
  for (int piece = 0; piece < kNumPieces; ++piece) {
    int squares = 0;
    for (int c = 0; c < 100; ++c) squares += at(41 + piece, c) != 0.0F ? 1 : 0;
    EXPECT_TRUE(squares == 0 || squares == 5) << piece;
    planes_used += squares == 5 ? 1 : 0;
  }
  EXPECT_EQ(planes_used, placed);
  EXPECT_GT(placed, 0);
  for (int c = 0; c < 100; ++c) {
    float sum = 0.0F;
    for (int piece = 0; piece < kNumPieces; ++piece) sum += at(41 + piece, c);
    EXPECT_EQ(sum, at(1, c)) << c;  // walls never overlap
  }
}

}  // namespace
}  // namespace mw::mazemakers
