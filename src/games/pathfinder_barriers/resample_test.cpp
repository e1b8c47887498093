// resample(p): every sampled world agrees with everything seat p has seen.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "games/pathfinder_barriers/agents.h"
#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

// The consistency the issue asks for, checked directly on the sampled grid.
void expect_consistent(const State& s, const State& w, Player p, const std::string& where,
                       bool views = true) {
  const Player q = 1 - p;
  const HomeGrid& g = w.home(q);
  const Tracking& t = s.tracking(p);
  EXPECT_EQ(w.home(p), s.home(p)) << where;
  EXPECT_EQ(t.blocked.minus(g.barriers).count(), 0) << "known blocked stays blocked" << where;
  EXPECT_FALSE(t.open.intersects(g.barriers)) << "known open stays open" << where;
  if (s.phase() == Phase::kPlay) {
    EXPECT_EQ(t.visited & sq_bit(g.pawn), 0u) << "a visited square holds the pawn" << where;
  }
  if (s.phase() != Phase::kSetup || s.setup_done(q)) {
    EXPECT_EQ(g.invalid_reason(30), "") << where;
  }
  EXPECT_LE(g.barriers.count(), 30) << where;
  EXPECT_EQ(w.tracking(p), s.tracking(p)) << where;
  EXPECT_EQ(w.tracking(q), s.tracking(q)) << where;
  if (!views) return;  // views cost ~20 us each: checked on the first samples of each position
  EXPECT_EQ(w.view(p), s.view(p)) << where;
  EXPECT_EQ(w.view(kSpectator), s.view(kSpectator)) << where;
  EXPECT_EQ(w.information_state_key(p), s.information_state_key(p)) << where;
}

TEST(PathfinderResample, EverySampleIsConsistentWithTheSeatsKnowledge) {
  const Game game = load();
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 150; ++seed) {
    Rng pick(seed);
    const State s = random_position(game, seed, 40 + static_cast<int>(pick.below(200)));
    for (Player p : {0, 1}) {
      Rng rng(seed * 7 + static_cast<std::uint64_t>(p));
      for (int i = 0; i < 20; ++i) {
        const State w = s.resample(p, rng);
        expect_consistent(s, w, p, " seed " + std::to_string(seed), i < 2);
        ++checked;
        if (HasFailure()) return;
      }
    }
  }
  EXPECT_EQ(checked, 150 * 2 * 20);
}

TEST(PathfinderResample, SamplesVaryAndAreAFunctionOfTheRng) {
  State s = figure3();
  play(s, "enter B-1");
  play(s, "B-1>B-2");
  play(s, "B-2>B-3");
  play(s, "B-3>B-4");  // No: North learned three open slots, one blocked
  Rng a(5), b(5);
  EXPECT_EQ(s.resample(0, a).to_json(), s.resample(0, b).to_json());
  std::set<int> pawns;
  Rng rng(9);
  for (int i = 0; i < 200; ++i) {
    const State w = s.resample(0, rng);
    pawns.insert(w.home(1).pawn);
    expect_consistent(s, w, 0, "");
    EXPECT_TRUE(w.home(1).barriers.contains(parse_slot("B-3|B-4")));
  }
  EXPECT_GT(pawns.size(), 20u);
  for (const char* visited : {"B-1", "B-2", "B-3"}) EXPECT_EQ(pawns.count(sq(visited)), 0u);
}

TEST(PathfinderResample, AnEnclosedSquareNeverHoldsTheSampledPawn) {
  Tracking t;
  // A-1's entry and both inner sides known blocked: no route could reach it.
  for (const char* slot : {"|A-1", "A-1|A-2", "A-1|B-1"}) t.blocked.add(parse_slot(slot));
  Rng rng(1);
  for (int i = 0; i < 500; ++i) {
    const HomeGrid g = sample_home_grid(t, 30, rng);
    EXPECT_NE(g.pawn, 0);
    EXPECT_EQ(g.invalid_reason(30), "");
  }
}

// During the set-up the other seat's grid is one of the builder's, taken from a fixed table of
// them (setup_prior_grid): a search's worlds cost a lookup each, not a hill climb.
TEST(PathfinderResample, SetUpWorldsTakeTheOtherGridFromTheBuildersTable) {
  std::vector<HomeGrid> table;
  for (int i = 0; i < kSetupPriorGrids; ++i) {
    Rng rng(setup_prior_seed(30, i));
    table.push_back(build_home_grid(kSetupPriorDifficulty, 30, rng));
  }
  State s = State::initial(load().options());
  for (Action a : s.parse_actions(kOpenGrid)) s.apply_legal(a);
  play(s, "pawn C-3");  // North is done, South has begun: each seat's world hides the other grid
  Rng rng(4);
  std::set<std::ptrdiff_t> drawn;
  for (int i = 0; i < 400; ++i) {
    for (Player p : {0, 1}) {
      const State w = s.resample(p, rng);
      expect_consistent(s, w, p, " draw " + std::to_string(i), i < 2);
      const auto it = std::find(table.begin(), table.end(), w.home(1 - p));
      ASSERT_NE(it, table.end()) << "draw " << i << " seat " << p;
      drawn.insert(it - table.begin());
    }
  }
  EXPECT_GT(drawn.size(), 450u);  // 800 draws from 1,024 entries: ~560 distinct expected
  for (int i : {0, 1, kSetupPriorGrids - 1}) EXPECT_EQ(setup_prior_grid(30, i), table[i]);
  // Another cap, another table, under that cap.
  State twelve = State::initial(load({{"maxBarriers", 12}}).options());
  for (Action a : twelve.parse_actions(kOpenGrid)) twelve.apply_legal(a);
  for (int i = 0; i < 50; ++i) {
    const HomeGrid g = twelve.resample(1, rng).home(0);
    EXPECT_LE(g.barriers.count(), 12);
    EXPECT_EQ(g.invalid_reason(12), "");
  }
}

TEST(PathfinderResample, NothingIsHiddenAtTheEnd) {
  State s = figure3();
  for (Action a : s.parse_actions("F-1>F-2>F-3>F-4>F-5>E-5")) s.apply_legal(a);
  Rng rng(3);
  EXPECT_EQ(s.resample(0, rng).to_json(), s.to_json());
  EXPECT_EQ(s.resample(1, rng).to_json(), s.to_json());
}

TEST(PathfinderViews, EachSeatSeesOnlyItsOwnGridUntilTheEnd) {
  State s = figure3();
  play(s, "enter C-1");
  for (Player p : {0, 1}) {
    const Json v = s.view(p);
    EXPECT_TRUE(v["homes"][p].is_object());
    EXPECT_TRUE(v["homes"][1 - p].is_null());
    EXPECT_EQ(v["seats"], Json::array({"North", "South"}));
    EXPECT_EQ(v["tracking"][0]["blocked"], Json::array({"|C-1"}));
  }
  EXPECT_TRUE(s.view(kSpectator)["homes"][0].is_null());
  EXPECT_TRUE(s.view(kSpectator)["homes"][1].is_null());
  EXPECT_EQ(s.view(kOmniscient)["homes"][1]["pawn"], "E-5");
  EXPECT_NE(s.information_state_key(0), s.information_state_key(1));
  play(s, "enter A-1");
  play(s, "exit");
  for (Action a : s.parse_actions("F-1>F-2>F-3>F-4>F-5>E-5")) s.apply_legal(a);
  for (Player p : {0, 1, kSpectator}) {
    EXPECT_EQ(s.view(p)["homes"][1]["pawn"], "E-5") << p;
    EXPECT_EQ(s.view(p)["homes"][0]["pawn"], "F-6") << p;
  }
}

TEST(PathfinderViews, TheOpponentsSetupProgressIsHidden) {
  State s = State::initial(load().options());
  for (Action a : s.parse_actions(kOpenGrid)) s.apply_legal(a);
  const Json before = s.view(0);
  const auto key = s.information_state_key(0);
  play(s, "pawn C-3");
  play(s, "bar A-1|A-2");
  EXPECT_EQ(s.view(0), before);
  EXPECT_EQ(s.information_state_key(0), key);
  EXPECT_NE(s.view(1)["homes"][1], Json(nullptr));
}

}  // namespace
}  // namespace mw::pathfinder_barriers
