// The heuristic player is clearly stronger than random play (a check that can fail).
#include "games/jokers_labyrinth/heuristic_agent.h"

#include <gtest/gtest.h>

#include "ai/random_agent.h"
#include "core/match.h"
#include "games/jokers_labyrinth/heuristic_chooser.h"
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

// The current player against the basic one (`basic=true`: no Boost fights, Queen swap, Hazard
// Shift, Reality Shuffle, Advanced Recon, Portal, PvP Bolster/Hinder; blockers fought at 0.5).
TEST(JokersLabyrinthAgent, BeatsTheBasicPlayer) {
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

// The heuristic decides from what its seat may know: in every position of many games its choice
// is the same in the true state as in worlds resampled for its seat (the other hands, the
// face-down cells and the decks dealt afresh), so it need not resample before choosing.
TEST(JokersLabyrinthAgent, ChoosesFromWhatItsSeatKnowsAlone) {
  const std::vector<HeuristicAgent::Params> heuristics = {
      {}, {0.3, 0.5, true}, {0.5, 0.5, false, 0}};
  int compared = 0, differed = 0;
  for (const int count : {2, 3, 4}) {
    const Game game = load({{"players", count}, {"startingGear", count == 3}});
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed), worlds(seed + 1000);
      ActionList legal, scratch;
      const HeuristicAgent::Params& params = heuristics[seed % heuristics.size()];
      while (!s.is_terminal()) {
        const Player p = s.current_player();
        if (p == kChancePlayer) {
          play_random_actions(s, rng, 1, scratch);
          continue;
        }
        s.legal_actions(legal);
        const Action chosen = heuristic::Chooser(s, legal, params).choose();
        for (int k = 0; k < 2; ++k) {
          const State world = s.resample(p, worlds);
          ASSERT_EQ(heuristic::Chooser(world, legal, params).choose(), chosen)
              << count << " players, seed " << seed << ", seat " << p << ": " << s.to_json().dump();
          ++compared;
          // What the seat may not see is dealt afresh (else the test could not fail).
          const Player other = (p + 1) % count;
          differed += world.information_state_key(other) != s.information_state_key(other);
        }
        // Now and then a random move, so that positions the heuristic avoids are reached too.
        s.apply_legal(rng.below(5) == 0 ? legal[rng.below(legal.size())] : chosen);
      }
    }
  }
  EXPECT_GT(compared, 10000);
  EXPECT_GT(differed, compared / 5);
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
