// The baseline computer player: valid planned mazes, and a Runner that beats random play.
#include "games/pathfinder_cards/agents.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ai/agents.h"
#include "ai/random_agent.h"
#include "core/match.h"
#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

// Runner wins of `runner` against `maker` over `games` fixed-seed games.
int runner_wins(Agent& maker, Agent& runner, int games) {
  const Game game = load();
  int wins = 0;
  for (int seed = 0; seed < games; ++seed) {
    const MatchResult r = play_match(game, {&maker, &runner}, {static_cast<std::uint64_t>(seed)});
    EXPECT_FALSE(r.truncated);
    wins += r.returns[kRunner] > 0;
  }
  return wins;
}

TEST(PathfinderAgents, IsRegisteredAndChecksParameters) {
  const Game game = load();
  EXPECT_NE(make_agent(game, "baseline"), nullptr);
  EXPECT_NE(make_agent(game, "baseline:samples=4,difficulty=3"), nullptr);
  EXPECT_NE(error_of([&] { make_agent(game, "baseline:depth=2"); }, ErrorCode::kUnknownAgent)
                .find("unknown or bad parameter"),
            std::string::npos);
}

TEST(PathfinderAgents, PlannedMazesAreValidAtEveryDifficulty) {
  Rng rng(3);
  for (int d = 0; d <= 3; ++d) {
    for (int i = 0; i < 25; ++i) {
      const Layout l = plan_maze(rng, d);
      EXPECT_TRUE(l.valid_maze());
      EXPECT_EQ(placement_order(l).size(), 40u);
    }
  }
}

TEST(PathfinderAgents, BuiltMazesAreHarderThanRandomOnes) {
  RandomAgent random_maker;
  RandomAgent random_runner;
  BaselineAgent builder({});
  const int vs_random = runner_wins(random_maker, random_runner, 30);
  const int vs_built = runner_wins(builder, random_runner, 30);
  EXPECT_GE(vs_random, 24);  // random mazes are easy
  EXPECT_LE(vs_built, 15);   // planned mazes beat a random Runner most of the time
}

TEST(PathfinderAgents, BaselineRunnerBeatsRandomRunnerOnBuiltMazes) {
  BaselineAgent builder({});
  BaselineAgent runner({});
  RandomAgent random_runner;
  const int baseline = runner_wins(builder, runner, 30);
  const int random = runner_wins(builder, random_runner, 30);
  EXPECT_GE(baseline, 22);
  EXPECT_GE(baseline, random + 10);
}

// The evaluation for cut-off searches: zero-sum, in range, and it tells a Runner next to the
// Joker with a full hand from one far away with one heart left.
TEST(PathfinderEvaluate, PrefersTheRunnerNearTheJokerWithHearts) {
  const Game game = load();
  ASSERT_TRUE(static_cast<bool>(game.entry().evaluate));
  const auto eval = [&](const State& s) { return game.entry().evaluate(make_state(game, s)); };
  const State near = position(kFixture, {"2D", "3D", "4D", "5D", "6D"},
                              {"AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"}, "9H");
  const State far = position(kFixture, {}, {"AH"});
  const std::vector<double> a = eval(near);
  const std::vector<double> b = eval(far);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_DOUBLE_EQ(a[0], -a[1]);
  EXPECT_GT(a[kRunner], 0.3);
  EXPECT_LT(b[kRunner], -0.3);
  EXPECT_LE(std::abs(a[kRunner]), 1.0);
}

}  // namespace
}  // namespace mw::pathfinder_cards
