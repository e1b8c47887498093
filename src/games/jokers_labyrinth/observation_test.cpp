// The numeric observation (observation.h): fixed length per players count, from the seat's view
// only.
#include "core/observation.h"

#include <gtest/gtest.h>

#include "games/all_games.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "games/jokers_labyrinth/observation.h"
#include "games/jokers_labyrinth/test_support.h"
#include "support/observation_testing.h"

namespace mw::jokers_labyrinth {
namespace {

using test_support::load;

TEST(JokersObservation, LengthFollowsThePlayersCount) {
  for (int n = 2; n <= 4; ++n) {
    const ObservationLayout l = observation_layout(n);
    EXPECT_EQ(observation_tensor_shape(load({{"players", n}})), (std::vector<int>{l.size(n)}));
    EXPECT_EQ(l.size(n), (22 + 2 * n) * 81 + 108 * (8 + n) + 26 * n + 47);
  }
}

TEST(JokersObservation, SameInEveryWorldOfTheSeatFixedShapeFinite) {
  for (const Json& options : {Json{{"players", 2}}, Json{{"players", 3}, {"startingGear", true}},
                              Json{{"players", 4}, {"roundLimit", 30}}}) {
    const auto tally = observation_testing::check_random_games(load(options), 3, 13, 41, 2);
    ASSERT_FALSE(HasFatalFailure()) << options.dump();
    EXPECT_GT(tally.positions, 20) << options.dump();
    EXPECT_GT(tally.redrawn_worlds, 0) << options.dump();  // the test can fail: cards redrawn
    EXPECT_GT(tally.distinct.size(), 20U) << options.dump();
  }
}

// The observer's own hand is all shown to it; another seat's private cards are not.
TEST(JokersObservation, OwnHandInTheFirstHandLocation) {
  const Game game = load({{"players", 2}, {"startingGear", true}});
  mw::State state = game.new_initial_state();
  Rng rng(3);
  while (!state.is_terminal() && state.view(0)["players"][0]["hand"].empty()) {
    state.play_random(rng, 1);
  }
  ASSERT_FALSE(state.is_terminal());
  const ObservationLayout l = observation_layout(2);
  const auto t = observation_tensor(state, 0);
  const Json view = state.view(0);  // a range-for over a temporary's member would dangle
  for (const Json& c : view["players"][0]["hand"]) {
    const int phys = parse_phys(c.get<std::string>());
    EXPECT_EQ(t[static_cast<std::size_t>(l.cards_offset() + phys * l.card_locations + 8)], 1.0F);
  }
}

}  // namespace
}  // namespace mw::jokers_labyrinth
