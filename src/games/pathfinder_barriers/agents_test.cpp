// The maze builder and the seeker: valid grids, harder grids with difficulty, and a seeker that
// beats random play by a wide margin.
#include "games/pathfinder_barriers/agents.h"

#include <gtest/gtest.h>

#include "ai/agents.h"
#include "ai/random_agent.h"
#include "core/match.h"
#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

TEST(PathfinderBuilder, GridsAreValidAtEveryDifficulty) {
  for (int d = 0; d <= kMaxDifficulty; ++d) {
    Rng rng(static_cast<std::uint64_t>(d));
    for (int i = 0; i < (d == 3 ? 10 : 60); ++i) {
      const HomeGrid g = build_home_grid(d, 30, rng);
      EXPECT_EQ(g.invalid_reason(30), "") << d;
    }
  }
}

TEST(PathfinderBuilder, HigherDifficultyScoresHigher) {
  double mean[3] = {0, 0, 0};
  for (int d = 0; d < 3; ++d) {
    Rng rng(11);
    for (int i = 0; i < 40; ++i) mean[d] += maze_score(build_home_grid(d, 30, rng)) / 40.0;
  }
  EXPECT_LT(mean[0] + 5, mean[1]);
  EXPECT_LT(mean[1], mean[2]);
}

TEST(PathfinderAgents, AreRegisteredAndCheckTheirParameters) {
  const Game game = load();
  const auto agents = list_agents(game);
  const auto first_own = std::find_if(agents.begin(), agents.end(),
                                      [](const AgentListing& a) { return a.game_specific; });
  ASSERT_NE(first_own, agents.end());
  EXPECT_EQ(first_own->name, "seeker");
  EXPECT_NE(make_agent(game, "seeker:samples=8,difficulty=0"), nullptr);
  EXPECT_NE(make_agent(game, "builder:difficulty=3"), nullptr);
  EXPECT_EQ(error_of([&] { make_agent(game, "seeker:depth=2"); }, ErrorCode::kUnknownAgent),
            "seeker: unknown parameter 'depth'; known: samples, difficulty");
  EXPECT_EQ(error_of([&] { make_agent(game, "seeker:samples=0"); }, ErrorCode::kUnknownAgent),
            "seeker: samples expects an integer in 1..4096, got 0");
}

TEST(PathfinderSeeker, FindsTheFigure3PawnQuickly) {
  const Game game = load();
  SeekerAgent seeker({});
  Rng rng(1);
  int total = 0;
  for (int i = 0; i < 10; ++i) total += turns_to_find(game, parse_home_grid(kFigure3), seeker, rng);
  RandomAgent random;
  int random_total = 0;
  for (int i = 0; i < 10; ++i) {
    random_total += turns_to_find(game, parse_home_grid(kFigure3), random, rng);
  }
  EXPECT_LT(total * 2, random_total);
}

TEST(PathfinderSeeker, BeatsRandomPlayByAWideMargin) {
  const Game game = load();
  SeekerAgent seeker({24, 1});
  RandomAgent random;
  int wins = 0;
  constexpr int kGames = 40;
  for (int i = 0; i < kGames; ++i) {
    const bool seeker_first = i % 2 == 0;
    std::vector<Agent*> seats = seeker_first ? std::vector<Agent*>{&seeker, &random}
                                             : std::vector<Agent*>{&random, &seeker};
    const MatchResult r = play_match(game, seats, {static_cast<std::uint64_t>(i), 100000, false});
    if (r.returns[seeker_first ? 0 : 1] > 0) ++wins;
  }
  EXPECT_GE(wins, 36) << "of " << kGames;
}

}  // namespace
}  // namespace mw::pathfinder_barriers
