// Random play ends: the rules page's claims that a seeker is never stuck (A-G2-14, A-G2-15) and
// that random play ends with probability 1, checked under every option set.
#include <gtest/gtest.h>

#include <string>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

// Fifty times the longest game of this test (3,732 actions): a game still going at the cap is
// caught in a loop, as the games A-G2-15 ended were.
constexpr int kActionCap = 200'000;

TEST(PathfinderRandomPlay, EveryGameEndsUnderEveryOptionSet) {
#ifdef NDEBUG
  constexpr int kGamesPerSet = 2000;
#else
  constexpr int kGamesPerSet = 200;
#endif
  for (const bool redundant : {false, true}) {
    for (const char* first : {"random", "north", "south"}) {
      for (const int max_barriers : {0, 30, kSlots}) {
        const Json options{{"allowRedundantQuestions", redundant},
                           {"firstPlayer", first},
                           {"maxBarriers", max_barriers}};
        state_testing::expect_random_games_end<State>(load(options), kGamesPerSet, kActionCap);
      }
    }
  }
}

}  // namespace
}  // namespace mw::pathfinder_barriers
