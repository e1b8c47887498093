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
int runner_wins(Agent& maker, Agent& runner, int games, const Json& options = Json::object()) {
  const Game game = load(options);
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

TEST(PathfinderAgents, BuiltMazesAreHarderThanRandomOnes) {
  RandomAgent random_maker;
  RandomAgent random_runner;
  BaselineAgent builder({});
  const int vs_random = runner_wins(random_maker, random_runner, 30);
  const int vs_built = runner_wins(builder, random_runner, 30);
  // A uniformly random Runner wastes most of her hearts on Recalls (hundreds of legal recall
  // actions), so she seldom wins either way; built mazes must still be the harder ones.
  // (measured: 8 and 0 of 30 with the seeds below).
  EXPECT_GE(vs_random, 4);
  EXPECT_GE(vs_random, vs_built + 4);
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

// difficulty=4 (every diamond on the path, spades all along it, the Joker far from A♦) must cost
// the baseline Runner wins against the default plans (measured: 57 and 48 of 60 on these seeds).
TEST(PathfinderAgents, HardestPlansBeatTheBaselineRunnerMoreOften) {
  BaselineAgent default_builder({});
  BaselineAgent::Params hardest;
  hardest.difficulty = 4;
  BaselineAgent hardest_builder(hardest);
  BaselineAgent runner({});
  const int vs_default = runner_wins(default_builder, runner, 60);
  const int vs_hardest = runner_wins(hardest_builder, runner, 60);
  EXPECT_GE(vs_default, vs_hardest + 6) << vs_default << " " << vs_hardest;
}

// The advanced game and the hex board change no decision kind, but the frontier grows through
// the artifacts' edges and the hex neighbours; the baseline Runner must still clearly beat random.
TEST(PathfinderAgents, BaselineRunnerBeatsRandomInTheAdvancedGameOnHex) {
  const Json options = {{"advanced", true}, {"board", "hex"}};
  BaselineAgent builder({});
  BaselineAgent::Params light;
  light.samples = 4;  // fewer sampled worlds: this test stays cheap
  BaselineAgent runner(light);
  RandomAgent random_runner;
  const int baseline = runner_wins(builder, runner, 10, options);
  const int random = runner_wins(builder, random_runner, 10, options);
  // The planned mazes are hex shapes, half of them bridged by an artifact: harder than plain
  // square rectangles (10 and 0 of 10). Measured: 6 and 0 of 10 with these seeds.
  EXPECT_GE(baseline, 5);
  EXPECT_GE(baseline, random + 4);
}

// In a match the seats swap roles; the baseline player plays whichever role its seat has.
TEST(PathfinderAgents, BaselinePlaysBothRolesOfAMatch) {
  const Game game = load({{"matchGames", "2"}});
  BaselineAgent a({});
  BaselineAgent b({});
  int runner_points = 0;
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    MatchConfig config;
    config.seed = seed;
    config.keep_record = true;
    const MatchResult r = play_match(game, {&a, &b}, config);
    EXPECT_FALSE(r.truncated);
    State end = State::initial(game.options());
    for (Action act : r.record.actions) end.apply_legal(act);
    ASSERT_TRUE(end.is_terminal());
    EXPECT_EQ(end.game_index(), 1);
    runner_points += end.totals()[0] + end.totals()[1];
  }
  EXPECT_GE(runner_points, 3 * 2 * 5);  // both seats won most of their games as Runner
}

// G1.6.2 aiMemoryModel: perfect memory always names the card turned face down; noisy memory with
// everything forgotten guesses among the unseen cards and is mostly wrong.
TEST(PathfinderAgents, KingTrialMemoryModels) {
  const Game game = load();
  State s = position(kFixture, {"2D", "3D", "4D", "5D"}, {"AH", "2H", "3H", "4H"});
  play(s, "explore 4,1");  // K♣
  play(s, "flip 1,2");     // 2♦ face down
  const mw::State gs = make_state(game, s);
  const Observation obs(gs, kRunner);
  const Action right = s.parse_action("name 1,2 2D");
  auto perfect = make_agent(game, "baseline");
  auto noisy = make_agent(game, "baseline:memory=noisy,forget=100");
  int perfect_right = 0;
  int noisy_right = 0;
  Rng rng(4);
  for (int i = 0; i < 40; ++i) {
    perfect_right += perfect->choose(obs, rng) == right;
    const Action a = noisy->choose(obs, rng);
    EXPECT_EQ(s.action_to_string(a).substr(0, 8), "name 1,2");  // the place is still seen
    noisy_right += a == right;
  }
  EXPECT_EQ(perfect_right, 40);
  EXPECT_LE(noisy_right, 10);
}

// The baseline Runner spends special hearts only while her hand is large, and never on a Recall.
TEST(PathfinderAgents, RunnerUsesSpecialHeartsSparingly) {
  const Game game = load();
  const std::vector<std::string> full = {"AH", "2H", "3H",  "4H", "5H", "6H", "7H",
                                         "8H", "9H", "10H", "JH", "QH", "KH"};
  auto runner = make_agent(game, "baseline");
  Rng rng(2);
  State rich = position(kFixture, {"2D"}, full);
  const mw::State rich_state = make_state(game, rich);
  const Action first = runner->choose(Observation(rich_state, kRunner), rng);
  EXPECT_EQ(rich.action_to_string(first), "seer");  // two frontier cards, no trial, no spade
  rich.apply_legal(first);
  const mw::State seeing = make_state(game, rich);
  const std::string pick = rich.action_to_string(runner->choose(Observation(seeing, kRunner), rng));
  EXPECT_TRUE(pick == "see 2,2" || pick == "see 1,1" || pick == "see 1,3" || pick == "see 0,1" ||
              pick == "see 0,3")
      << pick;  // a card next to the chain
  const State poor = position(kFixture, {"2D"}, {"AH", "2H", "10H", "QH", "KH"});
  const mw::State poor_state = make_state(game, poor);
  const Action a = runner->choose(Observation(poor_state, kRunner), rng);
  EXPECT_TRUE(a >= kExploreBase && a < kWithdraw) << poor.action_to_string(a);
  auto no_powers = make_agent(game, "baseline:powers=false");
  const Action b = no_powers->choose(Observation(rich_state, kRunner), rng);
  EXPECT_TRUE(b >= kExploreBase && b < kWithdraw) << rich.action_to_string(b);
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
