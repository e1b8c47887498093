// action_to_string_for: what each observer is told of an action. Only the set-up is secret.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

TEST(PathfinderPrivateText, TheSetupReachesOthersOnlyAsAPublicDescription) {
  Json o = Json::object();
  o["firstPlayer"] = "north";
  State s = State::initial(load(o).options());
  const auto told = [&](std::string_view text) {
    const Action a = s.parse_action(text);
    std::array<std::string, 3> out = {s.action_to_string_for(0, a), s.action_to_string_for(1, a),
                                      s.action_to_string_for(kSpectator, a)};
    EXPECT_EQ(s.action_to_string_for(s.current_player(), a), s.action_to_string(a));
    s.apply_legal(a);
    return out;
  };
  using Told = std::array<std::string, 3>;
  // Of a set-up step the others are told nothing (""), not even that it happened; only its end.
  EXPECT_EQ(told("pawn E-5"), (Told{"pawn E-5", "", ""}));
  EXPECT_EQ(told("bar B-3|B-4"), (Told{"bar B-3|B-4", "", ""}));
  EXPECT_EQ(told("bar |C-1"), (Told{"bar |C-1", "", ""}));
  EXPECT_EQ(told("done"), (Told{"done", "North finishes the setup", "North finishes the setup"}));
  EXPECT_EQ(told("pawn A-2"), (Told{"", "pawn A-2", ""}));
  EXPECT_EQ(told("bar A-1|B-1"), (Told{"", "bar A-1|B-1", ""}));
  EXPECT_EQ(told("done"), (Told{"South finishes the setup", "done", "South finishes the setup"}));
  // Questions, moves and exits are spoken aloud (G2.3): everyone hears the full text.
  EXPECT_EQ(told("enter B-1"), (Told{"enter B-1", "enter B-1", "enter B-1"}));
}

// What an observer is told nothing of must not change what it sees: its view and whose turn it
// is stay as they were (the server sends it no message for such a step).
TEST(PathfinderPrivateText, AStepToldAsNothingChangesNothingTheObserverSees) {
  Rng rng(31);
  const Game game = load();
  for (int played = 0; played < 20; ++played) {
    mw::State s = game.new_initial_state();
    while (!s.is_terminal()) {
      const ActionList legal = s.legal_actions();
      const Action a = s.is_chance_node() ? s.sample_chance(rng) : legal[rng.below(legal.size())];
      mw::State next = s;
      next.apply_legal(a);
      for (Player p : {Player{0}, Player{1}, kSpectator}) {
        if (!s.action_to_string_for(p, a).empty()) continue;
        EXPECT_EQ(next.view(p), s.view(p)) << s.action_to_string(a);
        EXPECT_EQ(next.current_player(), s.current_player()) << s.action_to_string(a);
      }
      s = std::move(next);
    }
  }
}

TEST(PathfinderPrivateText, TheFirstPlayerDrawIsPublic) {
  State s = State::initial(load().options());  // firstPlayer=random: a chance node (A-G2-12)
  for (const char* grid : {kOpenGrid, kFigure3}) {
    for (Action a : s.parse_actions(grid)) s.apply_legal(a);
  }
  ASSERT_EQ(s.current_player(), kChancePlayer);
  for (Player p : {Player{0}, Player{1}, kSpectator}) {
    EXPECT_EQ(s.action_to_string_for(p, kFirstPlayerBase + 1), "first South");
  }
}

// The rule of the brief: what a non-acting observer is told is the same in every world that
// observer cannot tell apart from the true one (every resample), and a secret set-up decision
// tells nothing but that the set-up is finished.
TEST(PathfinderPrivateText, ANonActingObserverIsToldTheSameInEverySampledWorld) {
  const Game game = load();
  int compared = 0;
  for (std::uint64_t seed = 0; seed < 120; ++seed) {
    Rng pick(seed);
    const State s = random_position(game, seed, static_cast<int>(pick.below(240)));
    if (s.is_terminal()) continue;
    ActionList legal;
    s.legal_actions(legal);
    const Player actor = s.current_player();
    for (Player o : {Player{0}, Player{1}, kSpectator}) {
      if (o == actor) continue;
      std::set<std::string> setup_texts;
      for (Action a : legal) {
        if (s.phase() == Phase::kSetup) setup_texts.insert(s.action_to_string_for(o, a));
      }
      EXPECT_LE(setup_texts.size(), 2u) << "a set-up text names a square or slot, seed " << seed;
      // The spectator knows less than the non-acting seat: its worlds are among these too.
      const Player sampler = o == kSpectator ? (actor == 0 ? 1 : 0) : o;
      if (sampler < 0 || sampler > 1) continue;
      Rng rng(seed * 31 + static_cast<std::uint64_t>(o + 2));
      for (int i = 0; i < 6; ++i) {
        const State w = s.resample(sampler, rng);
        ActionList wl;
        w.legal_actions(wl);
        for (Action a : legal) {
          if (std::find(wl.begin(), wl.end(), a) == wl.end()) continue;
          ASSERT_EQ(w.action_to_string_for(o, a), s.action_to_string_for(o, a))
              << "seed " << seed << " observer " << o << " action " << a;
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 1000);
}

}  // namespace
}  // namespace mw::pathfinder_barriers
