// random_legal_action draws the action legal_actions()[rng.below(size)] would, from the same
// random numbers: random play, rollouts and every seeded game are the same as with the list.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/state.h"
#include "games/treasure_hunt/swap_kernels.h"
#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

// The list's draw made from a copy of the generator; both generators must then be in step.
void expect_the_lists_draw(const State& s, Rng& rng, ActionList& legal, ActionList& scratch) {
  s.legal_actions(legal);
  Rng list_rng = rng;
  const Action expected = legal[list_rng.below(legal.size())];
  ASSERT_EQ(s.random_legal_action(rng, scratch), expected) << s.to_json().dump();
  Rng after = rng;
  ASSERT_EQ(after.next(), list_rng.next()) << "the same random numbers are drawn";
}

TEST(TreasureHuntRandomAction, IsTheListsDrawInEveryDecisionOfRandomGames) {
  for (const char* options :
       {"{}", R"({"deck": "specialized"})",
        R"({"cycleRule": "stopOnRepeat", "firstPlayer": "purple"})", R"({"turnLimit": 40})"}) {
    const Game game = load(Json::parse(options));
    ActionList legal, scratch;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      while (!s.is_terminal()) {
        if (s.current_player() == kChancePlayer) {
          s.apply_legal(s.sample_chance(rng));
          continue;
        }
        Rng draw = rng;
        expect_the_lists_draw(s, draw, legal, scratch);
        s.apply_legal(s.random_legal_action(rng, scratch));
      }
    }
  }
}

// Every blocked set of up to 8 cells (more than the rules allow: 2 pawns, the marker, 2 locked
// cells): each way of drawing is the list's draw, and over many draws it reaches every free swap.
TEST(TreasureHuntRandomAction, FreeSwapDrawsAreTheListsAndReachEveryFreeSwap) {
  std::vector<std::pair<const char*, swap_kernels::SwapDraw>> draws = {
      {"chosen", random_free_swap}, {"portable", swap_kernels::draw_portable}};
  if (auto draw = swap_kernels::draw_bmi2()) draws.emplace_back("bmi2", draw);
  Rng masks(7);
  for (int i = 0; i < 2'000; ++i) {
    std::uint32_t blocked = 0;
    const auto bits = masks.below(9);
    for (std::uint64_t k = 0; k < bits; ++k) blocked |= 1u << masks.below(kCells);
    ActionList free(kSwapBufferSize);
    free.resize(write_free_swaps(blocked, free.data()));
    if (free.empty()) continue;
    for (const auto& [name, draw_swap] : draws) {
      Rng rng(static_cast<std::uint64_t>(i));
      std::vector<bool> seen(free.size(), false);
      // 30 draws a swap: a given swap is missed with chance (1 - 1/n)^(30 n) < e^-30.
      for (std::size_t draw = 0; draw < 30 * free.size(); ++draw) {
        Rng list_rng = rng;
        const Action drawn = draw_swap(blocked, rng);
        ASSERT_EQ(drawn, free[list_rng.below(free.size())]) << name << " blocked=" << blocked;
        seen[static_cast<std::size_t>(std::find(free.begin(), free.end(), drawn) - free.begin())] =
            true;
      }
      EXPECT_EQ(std::count(seen.begin(), seen.end(), false), 0) << name << " blocked=" << blocked;
    }
  }
  RecordProperty("draws", static_cast<int>(draws.size()));
}

TEST(TreasureHuntRandomAction, TheErasedStateUsesIt) {
  const Game game = load();
  mw::State s = game.new_initial_state();
  Rng rng(5);
  while (s.is_chance_node()) s.apply_legal(s.sample_chance(rng));
  ActionList scratch;
  Rng a = rng;
  (void)s.random_legal_action(a, scratch);
  EXPECT_TRUE(scratch.empty()) << "a swap is drawn without listing the swaps";
}

}  // namespace
}  // namespace mw::treasure_hunt
