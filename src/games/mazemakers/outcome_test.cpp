// What an action concludes for everyone (core ActionOutcome): the die that resolves a combat
// carries its record, so a log keeps every combat's sentence; and the set-up told apart from play
// (core SetupPhases).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/rng.h"
#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

// Plays `text` and returns what its action concluded (checked against the view right after).
Json play_told(State& s, const std::string& text) {
  const Action a = s.parse_action(text);
  Json outcome = s.outcome_of(a);
  s.apply_legal(a);
  if (!outcome.is_null()) {
    EXPECT_EQ(outcome, Json({{"combat", s.view(kSpectator)["lastCombat"]}}));
  }
  return outcome;
}

TEST(MazeMakersOutcome, TheMonstersDieCarriesTheCombat) {
  State s = scripted(Json::object(), fixture_walls(), kCoins2);
  for (const char* step : {"pass", "i8", "i7"}) EXPECT_TRUE(play_told(s, step).is_null()) << step;
  const Json outcome = play_told(s, "roll 2");
  ASSERT_TRUE(outcome.is_object());
  EXPECT_EQ(outcome["combat"]["winner"], "monster");
  EXPECT_EQ(
      load().entry().describe_outcome(outcome, RenderStyle{false, false}),
      "Combat: Player 1 (die 2 + 0 = 2) lost to the 4 monster on i7: Player 1 takes 1 damage.");
}

// A block rolls two dice: the mover's tells nothing yet, the blocker's resolves the combat.
TEST(MazeMakersOutcome, ABlockIsResolvedByTheSecondDie) {
  State s = edited(scripted(Json::object(), fixture_walls(), kCoins2), Json::object(),
                   [](Json& b) { b["pawns"][1] = parse_cell("i8"); });
  for (const char* step : {"pass", "i8", "block", "roll 3"}) {
    EXPECT_TRUE(play_told(s, step).is_null()) << step;
  }
  const Json outcome = play_told(s, "roll 3");
  ASSERT_TRUE(outcome.is_object());
  EXPECT_EQ(outcome["combat"]["kind"], "players");
  EXPECT_EQ(outcome["combat"]["winner"], "P1");
}

// In random games every combat is told once, at the die that wrote the view's lastCombat, and the
// set-up is exactly the phases before the first turn (G4.2).
TEST(MazeMakersOutcome, RandomGamesTellEveryCombatOnce) {
  int combats = 0;
  for (int players = 2; players <= 4; ++players) {
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      State s = fresh({{"players", players}, {"roundLimit", 30}});
      Rng rng(seed * 7 + static_cast<std::uint64_t>(players));
      bool played = false;
      ActionList legal;
      while (!s.is_terminal()) {
        EXPECT_EQ(s.in_setup(), s.phase() < Phase::kWallAction);
        if (!s.in_setup()) played = true;
        EXPECT_FALSE(played && s.in_setup()) << "set-up again after play began";
        s.legal_actions(legal);
        const Action a = legal[rng.below(legal.size())];
        const Combat before = s.last_combat();
        const Phase phase = s.phase();
        const Json outcome = s.outcome_of(a);
        s.apply_legal(a);
        const bool resolved = phase == Phase::kMonsterRoll ||
                              (phase == Phase::kPvpRoll && s.phase() != Phase::kPvpRoll);
        EXPECT_EQ(outcome.is_null(), !resolved) << s.action_to_string(a);
        if (!(s.last_combat() == before)) {
          EXPECT_FALSE(outcome.is_null());
        }
        if (outcome.is_null()) continue;
        ++combats;
        EXPECT_EQ(outcome["combat"], s.view(kSpectator)["lastCombat"]);
      }
    }
  }
  EXPECT_GE(combats, 20);
}

}  // namespace
}  // namespace mw::mazemakers
