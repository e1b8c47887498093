// random_legal_action draws from exactly the legal list, uniformly: the random agent and every
// search rollout rely on it playing the same game as picking an index of legal_actions().
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using test_support::load;

// Set-up positions with the pawn placed and some chips down, so that some empty slots would cut
// the pawn off (a draw there must be drawn again).
std::vector<State> setups_with_cutting_slots() {
  const Game game = load();
  std::vector<State> found;
  for (std::uint64_t seed = 0; found.size() < 6 && seed < 500; ++seed) {
    State s = State::initial(game.options());
    Rng rng(seed);
    ActionList legal;
    for (int steps = 0; s.phase() == Phase::kSetup; ++steps) {
      const HomeGrid& g = s.home(s.current_player());
      if (steps > 10 && g.pawn >= 0 && !g.cutting_slots().empty()) {
        found.push_back(s);
        break;
      }
      s.legal_actions(legal);
      Action a = legal[rng.below(legal.size())];
      if (a == kDone && legal.size() > 1) a = legal.front();  // keep adding chips
      s.apply_legal(a);
    }
  }
  return found;
}

TEST(PathfinderRandomAction, SetUpDrawsAreLegalAndUniform) {
  const std::vector<State> states = setups_with_cutting_slots();
  ASSERT_EQ(states.size(), 6U);
  Rng rng(11);
  ActionList legal, scratch;
  for (const State& s : states) {
    s.legal_actions(legal);
    constexpr int kPerAction = 2000;
    std::map<Action, int> drawn;
    for (std::size_t n = 0; n < legal.size() * kPerAction; ++n) {
      ++drawn[s.random_legal_action(rng, scratch)];
    }
    ASSERT_EQ(drawn.size(), legal.size());  // nothing else, and nothing left out
    for (const auto& [a, count] : drawn) {
      ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << s.action_to_string(a);
      // ±25% is over ten standard deviations of 2,000 draws: only a bias fails it.
      EXPECT_NEAR(count, kPerAction, kPerAction / 4) << s.action_to_string(a);
    }
  }
}

TEST(PathfinderRandomAction, OutsideTheChipsItPicksFromTheList) {
  const Game game = load();
  State s = State::initial(game.options());
  Rng a(5), b(5);
  ActionList legal, scratch;
  while (!s.is_terminal()) {
    if (s.current_player() == kChancePlayer) {
      s.apply_legal(s.sample_chance(a));
      b = a;
      continue;
    }
    s.legal_actions(legal);
    const HomeGrid& g = s.home(s.current_player());
    const Action drawn = s.random_legal_action(a, scratch);
    if (s.phase() == Phase::kPlay || g.pawn < 0) {
      EXPECT_EQ(drawn, legal[b.below(legal.size())]);  // the same draw as the list's
    }
    b = a;
    s.apply_legal(drawn);
  }
}

// The questions are listed from bit masks and tables, and a step's answer is recorded through
// tables; illegal_reason asks the rules case by case, slot_between and neighbour give the step.
// Random games under both readings of redundant questions reach many known-blocked slots and
// exited rows.
void expect_step_recorded(const State& before, const State& after, Action a) {
  const Player me = before.current_player();
  const Tracking& t = before.tracking(me);
  const auto d = static_cast<Dir>(a - kMoveBase);
  const int slot = slot_between(t.pos, d);
  const bool chip = before.home(1 - me).barriers.contains(slot);
  const Tracking& now = after.tracking(me);
  EXPECT_EQ(now.blocked.contains(slot), chip) << before.action_to_string(a);
  EXPECT_EQ(now.open.contains(slot), !chip) << before.action_to_string(a);
  EXPECT_EQ(now.pos, chip ? t.pos : neighbour(t.pos, d)) << before.action_to_string(a);
}

TEST(PathfinderRandomAction, TheListedQuestionsAreTheOnesTheRulesAllow) {
  int after_exit = 0, steps = 0;
  for (const bool redundant : {false, true}) {
    const Game game = load(Json{{"allowRedundantQuestions", redundant}});
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal, scratch;
      while (!s.is_terminal()) {
        const bool play = s.phase() == Phase::kPlay;
        if (play) {
          s.legal_actions(legal);
          for (Action a = kEnterBase; a <= kExit; ++a) {
            const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
            ASSERT_EQ(listed, s.illegal_reason(a).empty())
                << s.action_to_string(a) << " seed " << seed << " redundant " << redundant;
          }
          after_exit += s.tracking(s.current_player()).last_exit >= 0;
        }
        const Action a = s.current_player() == kChancePlayer ? s.sample_chance(rng)
                                                             : s.random_legal_action(rng, scratch);
        const State before = s;
        s.apply_legal(a);
        if (play && a >= kMoveBase && a < kExit) {
          expect_step_recorded(before, s, a);
          ++steps;
        }
      }
    }
  }
  EXPECT_GT(after_exit, 1000);
  EXPECT_GT(steps, 10000);
}

}  // namespace
}  // namespace mw::pathfinder_barriers
