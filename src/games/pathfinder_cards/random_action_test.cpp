// random_legal_action draws from exactly the legal list, uniformly: the random agent and every
// search rollout rely on it playing the same game as picking an index of legal_actions().
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using test_support::load;

// Positions of random builds with `placed` cards down, on each board and in the advanced game.
std::vector<State> builds_with(int placed) {
  std::vector<State> found;
  for (const Json& options : {Json::object(), Json{{"board", "hex"}}, Json{{"advanced", true}}}) {
    const Game game = load(options);
    State s = State::initial(game.options());
    Rng rng(static_cast<std::uint64_t>(placed) * 7 + found.size());
    ActionList legal;
    while (s.layout().count < placed) {
      s.legal_actions(legal);
      s.apply_legal(legal[rng.below(legal.size())]);
    }
    found.push_back(s);
  }
  return found;
}

TEST(PathfinderCardsRandomAction, PlacementsDrawnAreLegalAndUniform) {
  Rng rng(11);
  ActionList legal, scratch;
  for (const int placed : {1, 6, 24, 36, kNumCards - 1}) {
    for (const State& s : builds_with(placed)) {
      s.legal_actions(legal);
      constexpr int kPerAction = 200;
      std::map<Action, int> drawn;
      for (std::size_t n = 0; n < legal.size() * kPerAction; ++n) {
        ++drawn[s.random_legal_action(rng, scratch)];
      }
      ASSERT_EQ(drawn.size(), legal.size()) << placed;  // nothing else, and nothing left out
      for (const auto& [a, count] : drawn) {
        ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), a)) << s.action_to_string(a);
        // ±40% is over five standard deviations of 200 draws: only a bias fails it.
        EXPECT_NEAR(count, kPerAction, kPerAction * 2 / 5) << placed << s.action_to_string(a);
      }
    }
  }
}

// Decisions of one kind met in random games (drawn from the list), on each board, in the
// advanced game and with A♦ and a face-up Joker held (A-G1-17).
std::vector<State> decisions_of(Decision wanted, std::size_t per_options) {
  std::vector<State> found;
  for (const Json& options : {Json::object(), Json{{"board", "hex"}}, Json{{"advanced", true}},
                              Json{{"makerMayMoveAceOfDiamondsOrFaceUpJoker", false}}}) {
    const Game game = load(options);
    const std::size_t enough = found.size() + per_options;
    for (std::uint64_t seed = 0; found.size() < enough && seed < 400; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal;
      while (!s.is_terminal() && found.size() < enough) {
        if (s.current_player() == kChancePlayer) {
          s.apply_legal(s.sample_chance(rng));
          continue;
        }
        if (s.decision() == wanted) found.push_back(s);
        s.legal_actions(legal);
        s.apply_legal(legal[rng.below(legal.size())]);
      }
    }
  }
  return found;
}

// Every legal action drawn, nothing else, and the counts no further from uniform than chance
// allows: Pearson's statistic within six standard deviations of its mean (N - 1).
void expect_uniform_draws(const State& s, int per_action) {
  ActionList legal, scratch;
  s.legal_actions(legal);
  std::sort(legal.begin(), legal.end());
  Rng rng(legal.size());
  std::map<Action, int> drawn;
  for (std::size_t n = 0; n < legal.size() * static_cast<std::size_t>(per_action); ++n) {
    ++drawn[s.random_legal_action(rng, scratch)];
  }
  ASSERT_EQ(drawn.size(), legal.size()) << s.to_json().dump();
  double pearson = 0;
  for (const auto& [a, count] : drawn) {
    ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), a)) << s.action_to_string(a);
    pearson += (count - per_action) * (count - per_action) / static_cast<double>(per_action);
  }
  const double df = static_cast<double>(legal.size()) - 1;
  EXPECT_LT(pearson, df + 6 * std::sqrt(2 * df)) << legal.size() << " actions";
}

TEST(PathfinderCardsRandomAction, AlterationsDrawnAreLegalAndUniform) {
  const std::vector<State> states = decisions_of(Decision::kAlteration, 1);
  ASSERT_EQ(states.size(), 4U);
  for (const State& s : states) expect_uniform_draws(s, 25);
}

TEST(PathfinderCardsRandomAction, MoverMovesDrawnAreLegalAndUniform) {
  const std::vector<State> states = decisions_of(Decision::kMoverMove, 2);
  ASSERT_GE(states.size(), 4U);
  for (const State& s : states) expect_uniform_draws(s, 25);
}

TEST(PathfinderCardsRandomAction, QuestionTokensDrawnAreLegalAndUniform) {
  const std::vector<State> states = decisions_of(Decision::kAdvisorAsk, 6);
  ASSERT_EQ(states.size(), 24U);
  for (const State& s : states) expect_uniform_draws(s, 25);
}

// The first card and every decision but the later placements, the rearrangements and the
// question tokens: the same draw as the list's.
TEST(PathfinderCardsRandomAction, ElsewhereItIsTheListsDraw) {
  for (const Json& options : {Json::object(), Json{{"advanced", true}}}) {
    const Game game = load(options);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      State s = State::initial(game.options());
      Rng a(seed), b(seed);
      ActionList legal, scratch;
      while (!s.is_terminal()) {
        if (s.current_player() == kChancePlayer) {
          s.apply_legal(s.sample_chance(a));
          b = a;
          continue;
        }
        s.legal_actions(legal);
        const Action drawn = s.random_legal_action(a, scratch);
        const Decision d = s.decision();
        if ((d != Decision::kPlace || s.layout().count == 0) && d != Decision::kAlteration &&
            d != Decision::kMoverMove && d != Decision::kAdvisorAsk) {
          ASSERT_EQ(drawn, legal[b.below(legal.size())]) << s.action_to_string(drawn);
        } else {
          ASSERT_NE(std::find(legal.begin(), legal.end(), drawn), legal.end());
        }
        b = a;
        s.apply_legal(drawn);
      }
    }
  }
}

}  // namespace
}  // namespace mw::pathfinder_cards
