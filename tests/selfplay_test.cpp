// Self-play results depend on the run's seed alone: not on the thread count, not on timing.
#include "ai/selfplay.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "ai/random_agent.h"
#include "core/error.h"
#include "core/match.h"
#include "core/rng.h"
#include "games/all_games.h"

namespace mw {
namespace {

Json without_timing(Json j) {
  for (const char* key : {"threads", "seconds", "games_per_sec", "actions_per_sec"}) j.erase(key);
  return j;
}

// `games` games between two random agents from the run seed `seed` on `threads` threads.
SelfplayConfig random_games(std::int64_t games, std::uint64_t seed = 1, int threads = 2) {
  SelfplayConfig config;
  config.agents = {"random", "random"};
  config.games = games;
  config.seed = seed;
  config.threads = threads;
  return config;
}

Json run(const Game& game, std::uint64_t seed, int threads, std::int64_t games = 100) {
  const SelfplayConfig config = random_games(games, seed, threads);
  return selfplay_json(game, config, run_selfplay(game, config));
}

TEST(Selfplay, SameSeedSameSummaryWhateverTheThreads) {
  const Game game = builtin_games().load("treasure-hunt");
  const Json one = run(game, 7, 1);
  EXPECT_EQ(one["threads"], 1);
  const Json two = run(game, 7, 2);
  EXPECT_EQ(two["threads"], 2);
  EXPECT_EQ(without_timing(one), without_timing(two));
  EXPECT_EQ(without_timing(one), without_timing(run(game, 7, 3)));
}

TEST(Selfplay, DifferentSeedsDiffer) {
  const Game game = builtin_games().load("treasure-hunt");
  EXPECT_NE(without_timing(run(game, 1, 1)), without_timing(run(game, 2, 1)));
}

TEST(Selfplay, EveryGameIsAWinADrawOrTruncated) {
  const Game game = builtin_games().load("treasure-hunt");
  SelfplayConfig config = random_games(50);
  config.max_actions = 300;  // short enough that some random games are cut off
  const SelfplaySummary s = run_selfplay(game, config);
  EXPECT_EQ(s.games, 50);
  EXPECT_EQ(s.wins[0] + s.wins[1] + s.draws + s.truncated, 50);
  EXPECT_GT(s.truncated, 0);
  EXPECT_GT(s.decisions, 0);
  EXPECT_GE(s.chance_actions, 50 * 25);  // the deal
}

// Game i of a two-seat run of random agents, played again on its own as `play --seed` would.
MatchResult replay_between_random_agents(const Game& game, const SelfplayConfig& config,
                                         std::int64_t i) {
  RandomAgent first, second;
  std::vector<Agent*> seats{&first, &second};
  MatchConfig match;
  match.max_actions = config.max_actions;
  match.seed = derive_seed(config.seed, static_cast<std::uint64_t>(i));
  return play_match(game, seats, match);
}

TEST(Selfplay, ListsTheTruncatedGamesBySeedSoTheyCanBeReplayed) {
  const Game game = builtin_games().load("treasure-hunt");
  SelfplayConfig config = random_games(50, 11);
  config.max_actions = 300;
  const SelfplaySummary s = run_selfplay(game, config);
  ASSERT_EQ(static_cast<std::int64_t>(s.truncated_games.size()), s.truncated);
  ASSERT_GT(s.truncated, 0);
  EXPECT_TRUE(std::is_sorted(s.truncated_games.begin(), s.truncated_games.end()));
  for (std::int64_t i = 0; i < config.games; ++i) {
    const bool listed =
        std::find(s.truncated_games.begin(), s.truncated_games.end(), i) != s.truncated_games.end();
    EXPECT_EQ(replay_between_random_agents(game, config, i).truncated, listed) << i;
  }
  const Json j = selfplay_json(game, config, s);
  EXPECT_EQ(j["truncated_seeds"].size(), s.truncated_games.size());
  EXPECT_EQ(j["truncated_seeds"][0],
            derive_seed(config.seed, static_cast<std::uint64_t>(s.truncated_games[0])));
}

TEST(Selfplay, ListsEachSeatsWonGamesSoALossCanBeWatchedAgain) {
  const Game game = builtin_games().load("treasure-hunt");
  const SelfplayConfig config = random_games(40, 12);
  const SelfplaySummary s = run_selfplay(game, config);
  ASSERT_EQ(s.won_games.size(), 2u);
  ASSERT_GT(s.wins[0], 0);
  ASSERT_GT(s.wins[1], 0);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    ASSERT_EQ(static_cast<std::int64_t>(s.won_games[seat].size()), s.wins[seat]);
    EXPECT_TRUE(std::is_sorted(s.won_games[seat].begin(), s.won_games[seat].end()));
    for (std::int64_t i : s.won_games[seat]) {
      EXPECT_EQ(sole_winner(replay_between_random_agents(game, config, i).returns),
                static_cast<Player>(seat))
          << i;
    }
  }
  const Json j = selfplay_json(game, config, s);
  ASSERT_EQ(j["won_seeds"].size(), 2u);
  EXPECT_EQ(j["won_seeds"][1][0],
            derive_seed(config.seed, static_cast<std::uint64_t>(s.won_games[1][0])));
}

// A best return that several seats share is a draw, and a win shared among them when it is
// above 0 (MazeMakers players leaving the maze in the same round), not when it is not.
TEST(Selfplay, CountsWinsSharedBySeveralSeats) {
  SelfplaySummary s = merge_blocks(3, {});
  const auto game_ending = [](std::vector<double> returns) {
    MatchResult result;
    result.returns = std::move(returns);
    return result;
  };
  count_game(s, 0, game_ending({1, 1, -1}));
  count_game(s, 1, game_ending({1, 1, 1}));
  count_game(s, 2, game_ending({0, 0, 0}));
  count_game(s, 3, game_ending({-1, 1, -1}));
  EXPECT_EQ(s.games, 4);
  EXPECT_EQ(s.draws, 3);
  EXPECT_EQ(s.wins, (std::vector<std::int64_t>{0, 1, 0}));
  EXPECT_EQ(s.shared_wins, (std::vector<std::int64_t>{2, 2, 1}));
  EXPECT_DOUBLE_EQ(s.win_shares[0], 0.5 + 1.0 / 3);
  EXPECT_DOUBLE_EQ(s.win_shares[1], 0.5 + 1.0 / 3 + 1);
  EXPECT_DOUBLE_EQ(s.win_shares[2], 1.0 / 3);
  SelfplaySummary twice = merge_blocks(3, {s, s});
  EXPECT_EQ(twice.shared_wins, (std::vector<std::int64_t>{4, 4, 2}));
  EXPECT_DOUBLE_EQ(twice.win_shares[2], 2.0 / 3);
}

TEST(Selfplay, ListsAtMostAHundredGamesOfAKindTheFirstOnes) {
  const Game game = builtin_games().load("treasure-hunt");
  SelfplayConfig config = random_games(130);
  config.max_actions = 1;  // every game is cut off
  const SelfplaySummary s = run_selfplay(game, config);
  EXPECT_EQ(s.truncated, 130);
  ASSERT_EQ(s.truncated_games.size(), kListedGames);
  for (std::size_t i = 0; i < kListedGames; ++i) {
    EXPECT_EQ(s.truncated_games[i], static_cast<std::int64_t>(i));
  }
  EXPECT_TRUE(s.drawn_games.empty());
}

TEST(Selfplay, JsonHasTheDocumentedFields) {
  const Json j = run(builtin_games().load("treasure-hunt"), 3, 2, 20);
  for (const char* key :
       {"game", "options", "games", "seed", "agents", "threads", "wins", "draws", "truncated",
        "drawn_seeds", "truncated_seeds", "won_seeds", "shared_wins", "win_shares", "mean_actions",
        "mean_chance_actions", "actions_per_sec", "games_per_sec", "seconds"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["games"], 20);
  EXPECT_EQ(j["agents"], Json::array({"random", "random"}));
}

TEST(Selfplay, ZeroGamesIsAnEmptySummary) {
  const Json j = run(builtin_games().load("treasure-hunt"), 3, 2, 0);
  EXPECT_EQ(j["games"], 0);
  EXPECT_EQ(j["mean_actions"], 0.0);
}

TEST(Selfplay, RejectsAWrongNumberOfAgentsAndUnknownAgents) {
  const Game game = builtin_games().load("treasure-hunt");
  SelfplayConfig config;
  config.agents = {"random"};
  EXPECT_THROW(run_selfplay(game, config), Error);
  config.agents = {"random", "no-such-agent"};
  try {
    run_selfplay(game, config);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kUnknownAgent);
  }
}

TEST(Selfplay, SplitsAgentSpecsKeepingTheirParameters) {
  using V = std::vector<std::string>;
  EXPECT_EQ(split_agent_specs("random,greedy"), (V{"random", "greedy"}));
  EXPECT_EQ(split_agent_specs("mcts:iters=100,c=1.4,random"),
            (V{"mcts:iters=100,c=1.4", "random"}));
  EXPECT_EQ(split_agent_specs("random"), (V{"random"}));
  EXPECT_EQ(split_agent_specs("maker:sims=2,build=seeker:difficulty=3,seeker:samples=8"),
            (V{"maker:sims=2,build=seeker:difficulty=3", "seeker:samples=8"}));
}

TEST(Selfplay, WilsonInterval) {
  const Interval half = wilson_interval(50, 100);
  EXPECT_NEAR(half.low, 0.4038, 1e-3);
  EXPECT_NEAR(half.high, 0.5962, 1e-3);
  const Interval none = wilson_interval(0, 10);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-3);
  const Interval empty = wilson_interval(0, 0);
  EXPECT_EQ(empty.low, 0.0);
  EXPECT_EQ(empty.high, 1.0);
}

}  // namespace
}  // namespace mw
