// The rulings A-G4-28 .. A-G4-31, each pinned by the position that raised it.
#include <gtest/gtest.h>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

// Board coins in coin-id order for three and four players (all four suits): rows 6-8 at the left,
// off every path below.
const std::vector<std::string> kCoinsLeftRows = {"a6", "b6", "c6", "d6", "e6", "a7",
                                                 "b7", "c7", "d7", "e7", "a8", "b8"};

ActionList legal_of(const State& s) {
  ActionList legal;
  s.legal_actions(legal);
  return legal;
}

// A-G4-28: blocked while passing through P3 on g9, P1 goes back to h9, the last square of its
// path no other pawn occupies, not to the g9 "space before" the block.
TEST(MazeMakersRulings, A_G4_28_BlockedWhilePassingThroughGoesBackToTheLastFreeSquare) {
  const Json opts = {{"players", 4}};
  State s = edited(scripted(opts, fixture_walls(), kCoinsLeftRows), opts, [](Json& b) {
    b["pawns"][1] = parse_cell("f9");
    b["pawns"][2] = parse_cell("g9");
  });
  play(s, "pass");
  play(s, "h9");
  play(s, "g9");
  ASSERT_EQ(s.current_player(), 2);
  play(s, "allow");
  play(s, "f9");
  ASSERT_EQ(s.current_player(), 1);
  play(s, "block");
  play(s, "roll 0");  // P1
  play(s, "roll 5");  // P2
  EXPECT_EQ(s.pawn(0), cell("h9"));
  EXPECT_EQ(s.pawn(2), cell("g9"));
  EXPECT_EQ(s.health(0), 4);
  EXPECT_EQ(s.current_player(), 1);  // the move ended
}

// A-G4-29: from f10 (P3's square) with 2 steps left, e10 (P2's square) leads nowhere: the L wall
// closes d10 and e9, and the only way back is f10, occupied. So e10 is not offered, and stopping
// on f10 is not either: the one way on is back to g10.
TEST(MazeMakersRulings, A_G4_29_AnOccupiedSquareIsEnteredOnlyWithAWayOut) {
  const Json opts = {{"players", 3}};
  auto walls = fixture_walls();
  walls[2] = "L d9 e9 f9 g9 d10";
  State s = edited(scripted(opts, walls, kCoinsLeftRows), opts, [](Json& b) {
    b["pawns"][1] = parse_cell("e10");
    b["pawns"][2] = parse_cell("f10");
  });
  play(s, "pass");
  play(s, "h10");
  play(s, "g10");
  play(s, "f10");
  ASSERT_EQ(s.current_player(), 2);
  play(s, "allow");
  ASSERT_EQ(s.pawn(0), cell("f10"));
  ASSERT_EQ(s.steps_left(), 2);
  EXPECT_EQ(legal_of(s), ActionList{kStepBase + cell("g10")});
  EXPECT_EQ(reason(s, "e10"), "you could not leave that occupied square with the steps left");
  // With one more step e10 would lead on through f10 to g10: then it is offered.
  State longer = edited(s, opts, [](Json& b) { b["steps_left"] = 3; });
  EXPECT_EQ(reason(longer, "e10"), "");
}

// A-G4-30: variants 1+2+3. P1 on START is blocked on its first step, loses 0 to 5 (5 damage
// under variant 3) and is revived on START with 2 health: it tried to leave, so the turn was not
// spent whole on START and variant 2 does not heal it.
TEST(MazeMakersRulings, A_G4_30_NoStartHealingAfterARevivalFromAFailedStart) {
  const Json opts = {{"revival", true}, {"startHealing", true}, {"harshDamage", true}};
  State s = edited(scripted(opts, fixture_walls(), kCoins2), opts,
                   [](Json& b) { b["pawns"][1] = parse_cell("i8"); });
  play(s, "pass");
  play(s, "i8");
  play(s, "block");
  play(s, "roll 0");  // P1
  play(s, "roll 5");  // P2
  EXPECT_EQ(s.pawn(0), kStart);
  EXPECT_EQ(s.health(0), 2);
  EXPECT_EQ(s.current_player(), 1);
}

// A-G4-31: with three artifacts, P1 dies to a monster and is revived on START (variant 1): that
// is no exit. Stepping off START and back onto it is.
TEST(MazeMakersRulings, A_G4_31_RevivedOnStartWithThreeArtifactsIsNoExit) {
  const Json opts = {{"revival", true}};
  State s = edited(scripted(opts, fixture_walls(), kCoins2), opts, [](Json& b) {
    give_artifacts(b, 0, 3);
    b["health"][0] = 1;
    b["pawns"][0] = parse_cell("i8");
  });
  play(s, "pass");
  play(s, "i7");      // Crowns-4, a monster for P1 (Suns)
  play(s, "roll 0");  // 0 + 3 artifacts < 4: 1 damage, dead, revived on START
  ASSERT_EQ(s.pawn(0), kStart);
  EXPECT_EQ(s.artifacts(0), 3);
  EXPECT_FALSE(s.exited(0));
  play(s, "pass");
  play(s, "stop");
  EXPECT_FALSE(s.is_terminal());  // the round ended without an exit
  EXPECT_EQ(s.current_player(), 0);
  play(s, "pass");
  play(s, "i8");
  play(s, "start");
  EXPECT_TRUE(s.exited(0));
}

}  // namespace
}  // namespace mw::mazemakers
