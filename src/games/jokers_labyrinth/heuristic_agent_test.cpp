// The heuristic player is clearly stronger than random play (a check that can fail).
#include "games/jokers_labyrinth/heuristic_agent.h"

#include <gtest/gtest.h>

#include "ai/random_agent.h"
#include "core/match.h"
#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

int heuristic_wins(int players, int games) {
  const Game game = load({{"players", players}});
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    HeuristicAgent hero({});
    std::vector<RandomAgent> randoms(static_cast<std::size_t>(players - 1));
    std::vector<Agent*> seats;
    const int seat = g % players;  // the heuristic player sits everywhere in turn
    for (int p = 0, r = 0; p < players; ++p)
      seats.push_back(p == seat ? static_cast<Agent*>(&hero) : &randoms[r++]);
    const MatchResult m = play_match(game, seats, {static_cast<std::uint64_t>(g), 100000, false});
    wins += m.returns[static_cast<std::size_t>(seat)] > 0 ? 1 : 0;
  }
  return wins;
}

TEST(JokersLabyrinthAgent, BeatsRandomPlay) {
  EXPECT_GE(heuristic_wins(2, 40), 34);  // measured ~97%
  EXPECT_GE(heuristic_wins(4, 20), 16);  // measured ~98%
}

// The current player against the session-1 player ("basic": no Boost fights, Queen swap, Hazard
// Shift, Reality Shuffle, Advanced Recon, Portal, PvP Bolster/Hinder; blockers fought at 0.5).
TEST(JokersLabyrinthAgent, BeatsTheSession1Player) {
  const Game game = load();
  int wins = 0, losses = 0;
  for (int g = 0; g < 200; ++g) {
    HeuristicAgent now({}), old({0.3, 0.5, true});
    std::vector<Agent*> seats = {&now, &old};
    if (g % 2 == 1) std::swap(seats[0], seats[1]);
    const MatchResult m = play_match(game, seats, {static_cast<std::uint64_t>(g), 100000, false});
    const std::size_t me = g % 2 == 1 ? 1 : 0;
    wins += m.returns[me] > 0 ? 1 : 0;
    losses += m.returns[1 - me] > 0 ? 1 : 0;
  }
  EXPECT_GT(wins, losses + 10);  // measured ~58% to ~41% over 2000 selfplay games
}

TEST(JokersLabyrinthAgent, RejectsUnknownParameters) {
  const Game game = load();
  EXPECT_NE(error_of(
                [&] {
                  HeuristicAgent::make(game, {{"speed", 1}});
                },
                ErrorCode::kUnknownAgent),
            "");
  EXPECT_NE(HeuristicAgent::make(game, {{"jokerOdds", 0.4}}), nullptr);
}

}  // namespace
}  // namespace mw::jokers_labyrinth
