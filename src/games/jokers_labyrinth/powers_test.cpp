// The card powers of G5 (RULINGS G5.7 examples 6, 7, 10, 11): Aces, Portal, Boost, King, Queen.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/jokers_labyrinth/rules_test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

// G5.7 example 6: own-suit Aces.
TEST(JokersLabyrinthRules, OwnSuitAce) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  play(s, "reveal right");
  play(s, "card AH");
  play(s, "card 7C*");  // a Guardian is still placed [T]
  EXPECT_EQ(s.guardian_on(cell("c2")), card("7C*"));
  State spade = s;
  spade.set_turn(1, 2);
  stand(spade, 1, "d2");
  EXPECT_NE(reason(spade, "move left"), "");  // the Spades player must fight it
  EXPECT_EQ(reason(spade, "fight left"), "");
  play(s, "move right");  // no fight: Guardian back to its deck, Ace to hand
  EXPECT_TRUE(in_hand(s, 0, "AH"));
  EXPECT_EQ(s.loc(card("7C*")), kLocGuardDeck);
  EXPECT_EQ(cell_name(s.player(0).pos), "c2");
}

// A-G5-62: the Guardian on a face-up Ace of the player's own suit is not fought by that player;
// moving onto the Ace sends it back. Other players still fight it.
TEST(JokersLabyrinthRules, NoFightAgainstTheGuardianOfAnOwnSuitAce) {
  State s = initial();
  play_script(s, "first P1; jack D; jack H; spot a0; spot g8; reveal down; card AD; card 8C*");
  EXPECT_EQ(s.guardian_on(cell("a1")), card("8C*"));
  EXPECT_FALSE(legal(s, "fight down"));
  EXPECT_TRUE(legal(s, "move down"));
  State hearts = s;
  hearts.set_turn(1, 2);
  hearts.mutable_player(1).pos = static_cast<std::int8_t>(cell("z1"));
  EXPECT_TRUE(legal(hearts, "fight right"));  // the Hearts player must fight it
  EXPECT_FALSE(legal(hearts, "move right"));
  play(s, "move down");
  EXPECT_TRUE(in_hand(s, 0, "AD"));
  EXPECT_EQ(s.loc(card("8C*")), kLocGuardDeck);
}

// G5.7 example 7: Portal.
TEST(JokersLabyrinthRules, Portal) {
  for (bool equipment : {true, false}) {
    State s = setup("H", "a0", "S", "h7");
    stand(s, 0, "b2");
    give(s, 0, "5D");
    EXPECT_NE(reason(s, "portal 5D down"), "");  // only right after a Reveal
    play(s, "reveal right");
    play(s, "card 6C");
    play(s, "portal 5D down");
    if (equipment) {
      play(s, "card 9H");
      EXPECT_TRUE(in_hand(s, 0, "9H"));
      EXPECT_TRUE(in_hand(s, 0, "5D"));  // returned
      EXPECT_EQ(s.phase(), Phase::kMain);
      EXPECT_EQ(s.card_on(cell("b3")), -1);
    } else {
      play(s, "card QC");  // hostile to Hearts: a forced fight
      EXPECT_EQ(s.phase(), Phase::kCombatPrep);
      EXPECT_EQ(s.loc(card("5D")), kLocMainDiscard);
    }
    EXPECT_EQ(s.actions_left(), 0);
  }
}

// G5.7 example 10: Reality Shuffle.
TEST(JokersLabyrinthRules, RealityShuffle) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "c3");
  for (const char* c : {"b4", "c4", "d4"}) clear(s, c);
  lay(s, "c2", "4H");  // face up Equipment
  s.put(card("3C"), kLocMainDiscard);
  s.put(card("4C"), kLocMainDiscard);
  give(s, 0, "AS");
  play(s, "shuffle AS c3");
  EXPECT_EQ(s.phase(), Phase::kShuffleDraw);  // 1 Jack + 5 cards: 3 from the discard
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(s.phase(), Phase::kShuffleDraw);
    s.apply_legal(s.chance_outcomes().front().action);
  }
  // The 9 items are dealt in a uniformly random order: the first cell takes any of them, 1/9 each.
  ASSERT_EQ(s.chance_outcomes().size(), 9u);
  for (const ChanceOutcome& o : s.chance_outcomes()) EXPECT_DOUBLE_EQ(o.probability, 1.0 / 9);
  for (int i = 0; i < 9; ++i) {
    ASSERT_EQ(s.phase(), Phase::kShuffleDeal);
    play(s, "item 0");
  }
  EXPECT_EQ(s.phase(), Phase::kMain);
  int down = 0;
  for (int r = 2; r <= 4; ++r) {
    for (int c = 2; c <= 4; ++c) down += s.face_down(cell_at(r, c));
  }
  EXPECT_EQ(down, 8);
  // Items in area order: b2 c2 d2 b3 [Jack] d3 + 3 drawn; always dealing item 0 puts the Jack
  // fifth, on c3, face up.
  EXPECT_EQ(s.player(0).pos, cell("c3"));
  EXPECT_LT(s.loc(card("4H")), kCells);  // back on the board, face down
}

// G5.7 example 10, third case: a guarded Ace in the area loses its Guardian to the side, and gets
// that same Guardian back when it is revealed again.
TEST(JokersLabyrinthRules, RealityShuffleSetsTheGuardianAside) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "c3");
  lay(s, "c2", "AC");
  s.put(card("8S*"), static_cast<std::uint8_t>(cell("c2")));
  give(s, 0, "AS");
  play(s, "shuffle AS c3");
  EXPECT_EQ(s.loc(card("8S*")), kLocAside);
  EXPECT_EQ(s.phase(), Phase::kShuffleDeal);      // 9 items: 7 unseen cards, the Ace, the Jack
  for (int i = 0; i < 9; ++i) play(s, "item 0");  // in area order: the Ace back on c2
  EXPECT_TRUE(s.face_down(cell("c2")));
  EXPECT_EQ(s.guardian_on(cell("c2")), -1);
  play(s, "reveal up");
  EXPECT_EQ(s.card_on(cell("c2")), card("AC"));
  EXPECT_EQ(s.guardian_on(cell("c2")), card("8S*"));  // re-attached, no new draw
  EXPECT_EQ(s.phase(), Phase::kMain);
}

// G5.7 example 11: Hazard Shift.
TEST(JokersLabyrinthRules, HazardShift) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "a1");
  give(s, 0, "AS");
  lay(s, "e5", "9S");
  lay(s, "f5", "4H");
  stand(s, 1, "e6");
  lay(s, "b6", "AC");
  s.put(card("7C*"), static_cast<std::uint8_t>(cell("b6")));
  EXPECT_EQ(reason(s, "shift AS e5 right"), "");
  EXPECT_NE(reason(s, "shift AS e5 down"), "");  // a Jack is there
  EXPECT_NE(reason(s, "shift AS e5 up"), "");    // face down
  EXPECT_NE(reason(s, "shift AS b6 up"), "");    // a Guardian is not shifted (A-G5-28)
  play(s, "shift AS e5 right");
  EXPECT_EQ(s.card_on(cell("f5")), card("9S"));
  EXPECT_EQ(s.card_on(cell("e5")), card("4H"));
  EXPECT_EQ(s.actions_left(), 1);  // A-G5-14
}

TEST(JokersLabyrinthRules, ReconAndAdvancedRecon) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  give(s, 0, "AS");
  give(s, 0, "AD");
  play(s, "recon AS");
  int dealt = 0;
  while (s.phase() == Phase::kDeal) {
    s.apply_legal(kChanceCard + card(dealt == 0   ? "3S"
                                     : dealt == 1 ? "4S"
                                     : dealt == 2 ? "5S"
                                     : dealt == 3 ? "6S"
                                     : dealt == 4 ? "7S"
                                     : dealt == 5 ? "8S"
                                     : dealt == 6 ? "9S"
                                                  : "10S"));
    ++dealt;
  }
  EXPECT_EQ(dealt, 8);  // the 3x3 around b2, minus the Jack's cell
  EXPECT_FALSE(s.face_down(cell("a1")));
  play(s, "advrecon AD");
  EXPECT_EQ(s.phase(), Phase::kPeeking);
  play(s, "peek g7");
  play(s, "card KC");
  EXPECT_TRUE(s.face_down(cell("g7")));
  EXPECT_EQ(s.view(0)["board"][7][7], "#KC");
  EXPECT_EQ(s.view(1)["board"][7][7], "#");
  play(s, "done");
  EXPECT_EQ(s.phase(), Phase::kMain);
  EXPECT_EQ(s.actions_left(), 0);
}

// A-G5-60: an Ace power with nothing to act on is not offered.
TEST(JokersLabyrinthRules, AcePowersNeedSomethingToActOn) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  give(s, 0, "AS");
  EXPECT_TRUE(legal(s, "recon AS"));
  EXPECT_TRUE(legal(s, "shuffle AS f6"));
  for (const char* c : {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}) clear(s, c);
  EXPECT_FALSE(legal(s, "recon AS"));  // nothing face down around the Jack
  EXPECT_TRUE(legal(s, "advrecon AS"));
  for (const char* c : {"e5", "f5", "g5", "e6", "f6", "g6", "e7", "f7", "g7"}) clear(s, c);
  EXPECT_FALSE(legal(s, "shuffle AS f6"));  // no card, Jack or face-down cell in e5..g7
  EXPECT_TRUE(legal(s, "shuffle AS e5"));   // the Joker on d4
  EXPECT_TRUE(legal(s, "shuffle AS b2"));   // the Jack on b2
  auto shifts = [](const State& st) {
    ActionList legal_now;
    st.legal_actions(legal_now);
    return std::count_if(legal_now.begin(), legal_now.end(),
                         [](Action a) { return a >= kAceShift && a < kReroll; });
  };
  EXPECT_EQ(shifts(s), 0);  // no face-up Hazard
  lay(s, "f6", "9S");
  EXPECT_EQ(shifts(s), 4);  // to e6, g6, f5, f7, all empty
}

// A-G5-59: Advanced Recon peeks only cards the player does not already know; with none left it is
// not offered (A-G5-60).
TEST(JokersLabyrinthRules, AdvancedReconNeverPeeksAKnownCardAgain) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  give(s, 0, "AS");
  give(s, 0, "AD");
  s.set_turn(0, 3);
  play(s, "advrecon AD");
  play(s, "peek g7");
  play(s, "card KC");
  EXPECT_FALSE(legal(s, "peek g7"));  // already known
  EXPECT_TRUE(legal(s, "peek g6"));
  play(s, "done");
  for (int i = 0; i < 49; ++i) {
    if (grid_cell(i) != cell("g7")) s.set_face_down(grid_cell(i), false);
  }
  EXPECT_FALSE(legal(s, "advrecon AS"));  // the only face-down card is known
  State other = s;
  other.set_turn(1, 2);
  give(other, 1, "AC");
  EXPECT_TRUE(legal(other, "advrecon AC"));  // P2 has not peeked it
}

TEST(JokersLabyrinthRules, BoostKingAndQueenAbilities) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  stand(s, 1, "f6");
  clear(s, "c2");
  give(s, 0, "KH");
  give(s, 0, "QH");
  give(s, 0, "3D");
  EXPECT_NE(reason(s, "boost JK right"), "");
  play(s, "boost 3D right");  // free, once a turn
  EXPECT_EQ(s.actions_left(), 2);
  EXPECT_NE(reason(s, "boost KH left"), "");
  play(s, "gain KH");  // free: one more action
  EXPECT_EQ(s.actions_left(), 3);
  play(s, "swap QH P1 P2");  // Player Relocation costs an action
  EXPECT_EQ(cell_name(s.player(0).pos), "f6");
  EXPECT_EQ(cell_name(s.player(1).pos), "c2");
  EXPECT_EQ(s.actions_left(), 2);
}

}  // namespace
}  // namespace mw::jokers_labyrinth
