// Tournaments: who meets whom in which seats, the rating fit, and results that depend on the seed
// alone.
#include "ai/tournament.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "games/all_games.h"

namespace mw {
namespace {

TEST(Tournament, EveryPairMeetsInEverySeat) {
  using A = std::vector<std::vector<int>>;
  EXPECT_EQ(seat_arrangements(2, 2), (A{{0, 1}, {1, 0}}));
  EXPECT_EQ(seat_arrangements(3, 2), (A{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}}));
  // Three seats: each agent alone once in each seat against two of the other.
  EXPECT_EQ(seat_arrangements(2, 3),
            (A{{0, 1, 1}, {1, 0, 1}, {1, 1, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}));
  EXPECT_EQ(seat_arrangements(4, 4).size(), 6u * 8u);
}

TEST(Tournament, BradleyTerryRatings) {
  // Even results: equal ratings.
  auto elo = bradley_terry_elo(2, {{0, 1, 10, 5, 5, 0}});
  EXPECT_NEAR(elo[0], 0.0, 1e-9);
  EXPECT_NEAR(elo[1], 0.0, 1e-9);
  // 3 wins to 1 plus the virtual draw: 3.5 to 1.5, a strength ratio of 7/3.
  elo = bradley_terry_elo(2, {{0, 1, 4, 3, 1, 0}});
  EXPECT_NEAR(elo[0] - elo[1], 400.0 * std::log10(7.0 / 3.0), 1e-6);
  EXPECT_NEAR(elo[0] + elo[1], 0.0, 1e-9);
  // Transitive results order the ratings; an unbeaten agent stays finite.
  elo = bradley_terry_elo(3, {{0, 1, 10, 10, 0, 0}, {1, 2, 10, 10, 0, 0}, {0, 2, 10, 10, 0, 0}});
  EXPECT_GT(elo[0], elo[1]);
  EXPECT_GT(elo[1], elo[2]);
  EXPECT_TRUE(std::isfinite(elo[0]));
}

Json without_timing(Json j) {
  j.erase("seconds");
  return j;
}

TEST(Tournament, ResultsDependOnTheSeedAlone) {
  const Game game = builtin_games().load("treasure-hunt");
  TournamentConfig config;
  config.agents = {"random", "greedy", "alphabeta:depth=1"};
  config.games = 6;
  config.seed = 3;
  const TournamentResult one = run_tournament(game, config);
  config.threads = 2;
  const TournamentResult two = run_tournament(game, config);
  EXPECT_EQ(without_timing(tournament_json(game, config, one)),
            without_timing(tournament_json(game, config, two)));
  ASSERT_EQ(one.standings.size(), 3u);
  for (const Standing& s : one.standings) {
    EXPECT_EQ(s.games, 2 * 2 * 6);  // two opponents, two seat orders, six games
    EXPECT_EQ(s.wins + s.draws + s.losses + s.truncated, s.games);
  }
  // greedy beats random in every game
  EXPECT_EQ(one.pairs[0].wins_b, 12);
  EXPECT_GT(one.standings[1].elo, one.standings[0].elo);
}

TEST(Tournament, NeedsTwoAgents) {
  const Game game = builtin_games().load("treasure-hunt");
  TournamentConfig config;
  config.agents = {"random"};
  EXPECT_THROW(run_tournament(game, config), Error);
}

}  // namespace
}  // namespace mw
