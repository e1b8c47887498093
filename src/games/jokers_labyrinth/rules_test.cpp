// The rules of G5 and every worked example of RULINGS G5.7, on hand-built positions with forced
// chance outcomes ("die 3", "card 9H").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

// Puts seat's Jack on an empty, face-up Dungeon cell.
void stand(State& s, int seat, const char* where) {
  clear(s, where);
  s.mutable_player(seat).pos = static_cast<std::int8_t>(cell(where));
  s.mutable_player(seat).entered = true;
}

bool in_hand(const State& s, int seat, const char* what) {
  return s.loc(card(what)) == kLocHand + seat;
}

TEST(JokersLabyrinthOptions, DefaultsArePinned) {
  const Options o = load().options();
  EXPECT_EQ(o.get_int("players"), 2);
  EXPECT_FALSE(o.get_bool("startingGear"));                           // A-G5-54
  EXPECT_EQ(o.get_string("jokerPickupWithoutFight"), "droppedOnly");  // A-G5-9
  EXPECT_TRUE(o.get_bool("aceUseCostsAction"));                       // A-G5-14
  EXPECT_FALSE(o.get_bool("queenLossDiscardsJokers"));                // A-G5-16
  EXPECT_TRUE(o.get_bool("scavengedNpcFriendlyToAll"));               // A-G5-19
  EXPECT_EQ(o.get_string("pvpRelocation"), "startSpot");              // A-G5-24
  EXPECT_EQ(o.get_int("roundLimit"), 0);                              // A-G5-57
}

TEST(JokersLabyrinthSetup, ComponentsAndSetupSteps) {
  State s = initial({{"players", 4}, {"startingGear", true}});
  int pool = 0, guard = 0, scav = 0;
  for (int phys = 0; phys < kNumPhys; ++phys) {
    pool += s.loc(phys) == kLocPool;
    guard += s.loc(phys) == kLocGuardDeck;
    scav += s.loc(phys) == kLocScavDeck;
  }
  EXPECT_EQ(pool, 48);  // G5.1: 48 Dungeon cards around the Joker
  EXPECT_EQ(guard, 7);
  EXPECT_EQ(scav, 26);
  EXPECT_TRUE(is_joker(s.card_on(kCenter)));
  EXPECT_FALSE(s.face_down(kCenter));
  EXPECT_EQ(s.loc(card("2C")), kLocMainDiscard);
  EXPECT_EQ(s.current_player(), kChancePlayer);
  ASSERT_EQ(s.chance_outcomes().size(), 4u);
  EXPECT_DOUBLE_EQ(s.chance_outcomes()[2].probability, 0.25);
  play(s, "first P3");  // P3 goes first; turn order P3 P4 P1 P2
  EXPECT_EQ(s.current_player(), 2);
  play(s, "jack S");
  EXPECT_NE(reason(s, "jack S"), "");  // taken
  play(s, "jack H");
  play(s, "jack D");
  play(s, "jack C");
  // Starting gear: 7D* to the first player, 8D* to the second, ...
  EXPECT_TRUE(in_hand(s, 2, "7D*"));
  EXPECT_TRUE(in_hand(s, 3, "8D*"));
  EXPECT_TRUE(in_hand(s, 0, "9D*"));
  EXPECT_TRUE(in_hand(s, 1, "10D*"));
  EXPECT_EQ(s.current_player(), 2);
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal.size(), 8u);  // the 8 start spots
  play(s, "spot a0");
  EXPECT_NE(reason(s, "spot a0"), "");  // one Jack per cell
  play(s, "spot z1");
  play(s, "spot g8");
  play(s, "spot h7");
  EXPECT_EQ(s.phase(), Phase::kMain);
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_EQ(s.actions_left(), 2);
}

// G5.7 example 12: walking outside before entering.
TEST(JokersLabyrinthRules, OutsideWalking) {
  State s = setup("H", "a0", "S", "h7");
  play(s, "move right");
  play(s, "move right");
  play(s, "end");
  play(s, "end");  // P2
  play(s, "move right");
  EXPECT_EQ(cell_name(s.player(0).pos), "d0");
  EXPECT_FALSE(s.player(0).entered);
  play(s, "reveal down");
  play(s, "card 9H");
  EXPECT_EQ(s.card_on(cell("d1")), card("9H"));
  play(s, "end");
  play(s, "end");
  play(s, "move down");  // picks up the Equipment and enters
  EXPECT_TRUE(in_hand(s, 0, "9H"));
  EXPECT_TRUE(s.player(0).entered);
  EXPECT_NE(reason(s, "move up"), "");  // never outside again
  EXPECT_NE(reason(s, "move up").find("may not leave"), std::string::npos);
}

// G5.7 example 1: "Fighting a 13 with an 8".
TEST(JokersLabyrinthRules, CombatExampleThirteenWithAnEight) {
  for (const char* final_die : {"die 1", "die 2", "die 5", "die 3", "die 4", "die 6"}) {
    State s = setup("H", "a0", "S", "h7");
    stand(s, 0, "b2");
    lay(s, "c2", "KS");  // a hostile King for the Hearts Jack
    give(s, 0, "8H");
    EXPECT_NE(reason(s, "move right"), "");  // Hostile NPCs block
    play(s, "fight right");
    EXPECT_EQ(s.phase(), Phase::kCombatPrep);
    play(s, "use 8H");
    EXPECT_EQ(s.combat().dice, 4);  // |13 - 8| = 5 -> 4 dice
    for (const char* d : {"die 3", "die 4", "die 6", "die 3"}) play(s, d);
    play(s, final_die);
    const bool win = std::string(final_die) == "die 1" || std::string(final_die) == "die 2" ||
                     std::string(final_die) == "die 5";
    EXPECT_EQ(s.loc(card("8H")), kLocMainDiscard) << final_die;
    if (win) {
      EXPECT_EQ(s.phase(), Phase::kKeepNpc);
      play(s, "keep");
      EXPECT_TRUE(in_hand(s, 0, "KS"));
      EXPECT_EQ(cell_name(s.player(0).pos), "c2");
    } else {
      EXPECT_EQ(s.phase(), Phase::kMain);
      EXPECT_TRUE(s.player(0).skip);  // King loss: lose the next turn
      EXPECT_EQ(cell_name(s.player(0).pos), "b2");
      EXPECT_EQ(s.card_on(cell("c2")), card("KS"));
      play(s, "end");
      play(s, "end");  // P2's turn; P1's next turn is skipped
      EXPECT_EQ(s.to_move(), 1);
    }
  }
  State s = setup("H", "a0", "S", "h7");
  EXPECT_EQ(s.dice_count(0, 8, 13), 4);
  give(s, 0, "JK2");
  EXPECT_EQ(s.dice_count(0, 8, 13), 3);  // holding a Joker
  s.put(card("JK2"), kLocPool);
  s.mutable_player(0).hindered = true;
  EXPECT_EQ(s.dice_count(0, 8, 13), 5);  // hindered
}

// G5.7 example 2: the table's boundaries and the minimum of 1.
TEST(JokersLabyrinthRules, DiceTableBoundaries) {
  const int expected[] = {2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 7, 7};
  for (int diff = 0; diff <= 14; ++diff) EXPECT_EQ(base_dice(diff), expected[diff]) << diff;
  State s = setup();
  EXPECT_EQ(s.dice_count(0, 0, 14), 7);  // no value card against the Joker
  give(s, 0, "JK2");
  s.mutable_player(0).bolster = true;
  EXPECT_EQ(s.dice_count(0, 9, 9), 1);  // 2 - 2 = 0 -> 1
}

// G5.7 example 3: debt.
TEST(JokersLabyrinthRules, DebtExample) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  s.mutable_player(0).debt = 4;
  EXPECT_EQ(s.dice_count(0, 5, 5), 4);  // 2 + 2
  EXPECT_EQ(s.pvp_bonus(0), -2);
  give(s, 0, "5H");
  give(s, 0, "7D");
  play(s, "pay 5H 7D");  // free, at any time in the own turn
  EXPECT_EQ(s.player(0).debt, 2);
  EXPECT_EQ(s.actions_left(), 2);
  EXPECT_EQ(s.dice_count(0, 5, 5), 3);
  EXPECT_EQ(s.pvp_bonus(0), -1);
}

TEST(JokersLabyrinthRules, LosingToAJokerMeansPayingOrDebt) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "d3");     // next to the centre Joker (d4)
  play(s, "move down");  // moving onto the undefeated Joker is a fight (A-G5-9)
  EXPECT_EQ(s.phase(), Phase::kCombatPrep);
  play(s, "nocard");
  EXPECT_EQ(s.combat().dice, 7);
  for (int i = 1; i <= 7; ++i) play(s, "die " + std::to_string(i <= 5 ? i : 1));
  play(s, "die 1");  // the final die shows a face of the shown dice
  EXPECT_EQ(s.phase(), Phase::kJokerLoss);
  play(s, "debt");
  EXPECT_EQ(s.player(0).debt, 2);
  EXPECT_EQ(cell_name(s.player(0).pos), "d3");
}

// G5.7 example 4: P(K of hearts) = 1/26 on a fresh Scavenger deck, also measured.
TEST(JokersLabyrinthRules, LootProbabilities) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  EXPECT_NE(reason(s, "scavenge"), "");  // not the first action
  clear(s, "c2");
  play(s, "move right");
  play(s, "scavenge");
  EXPECT_EQ(s.phase(), Phase::kScavDraw);
  const auto outcomes = s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 26u);
  for (const auto& o : outcomes) EXPECT_DOUBLE_EQ(o.probability, 1.0 / 26);
  Rng rng(2024);
  int kings = 0, black = 0;
  const int n = 1'000'000;
  for (int i = 0; i < n; ++i) {
    const int phys = static_cast<int>(s.sample_chance(rng) - kChanceCard);
    kings += phys == card("KH*") ? 1 : 0;
    black += is_hazard_card(phys) ? 1 : 0;
  }
  EXPECT_NEAR(static_cast<double>(kings) / n, 1.0 / 26, 0.0005);
  EXPECT_NEAR(static_cast<double>(black) / n, 10.0 / 26, 0.002);
  // A black card is discarded at once; an Equipment may be kept, privately.
  State t = s;
  play(t, "card 3S*");
  EXPECT_EQ(t.loc(card("3S*")), kLocScavDiscard);
  EXPECT_EQ(t.phase(), Phase::kMain);
  play(s, "card KH*");
  EXPECT_EQ(s.phase(), Phase::kScavKeep);
  EXPECT_TRUE(s.is_private(card("KH*")));
  EXPECT_EQ(s.view(1)["players"][0]["hidden"], 1);
  EXPECT_EQ(s.view(0)["players"][0]["hidden"], 0);
  play(s, "keep");
  EXPECT_NE(reason(s, "scavenge"), "");  // once a turn
}

// G5.7 example 5: the Guardian deck.
TEST(JokersLabyrinthRules, GuardianProbabilities) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  play(s, "reveal right");
  play(s, "card AS");
  EXPECT_EQ(s.phase(), Phase::kGuardian);
  double by_rank[11] = {};
  for (const auto& o : s.chance_outcomes())
    by_rank[rank_of(static_cast<int>(o.action - kChanceCard))] += o.probability;
  EXPECT_NEAR(by_rank[7], 2.0 / 7, 1e-12);
  EXPECT_NEAR(by_rank[8], 2.0 / 7, 1e-12);
  EXPECT_NEAR(by_rank[9], 2.0 / 7, 1e-12);
  EXPECT_NEAR(by_rank[10], 1.0 / 7, 1e-12);
  State t = s;
  t.put(card("7C*"), kLocUnused);
  t.put(card("8S*"), kLocUnused);
  const auto five = t.chance_outcomes();
  ASSERT_EQ(five.size(), 5u);
  EXPECT_DOUBLE_EQ(five[0].probability, 0.2);
  play(s, "card 9C*");
  EXPECT_EQ(s.guardian_on(cell("c2")), card("9C*"));
  EXPECT_NE(reason(s, "move right"), "");  // the Ace of Spades is guarded against Hearts
  give(s, 0, "9H");
  play(s, "fight right");
  play(s, "use 9H");
  EXPECT_EQ(s.combat().dice, 2);  // 9 against the 9 of clubs
}

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

// G5.7 example 8: Queen loss keeps the Joker (default).
TEST(JokersLabyrinthRules, QueenLoss) {
  for (bool discard_jokers : {false, true}) {
    State s = setup("S", "a0", "H", "h7", {{"queenLossDiscardsJokers", discard_jokers}});
    stand(s, 0, "b2");
    lay(s, "c2", "QD");
    give(s, 0, "JK2");
    give(s, 0, "7H");
    give(s, 0, "QS");
    play(s, "fight right");
    play(s, "nocard");
    EXPECT_EQ(s.combat().dice, 6);  // diff 12 -> 7, Joker -1
    // All six faces shown: lost whatever the final die shows, so it is not rolled.
    for (const char* d : {"die 1", "die 2", "die 3", "die 4", "die 5", "die 6"}) play(s, d);
    EXPECT_EQ(s.phase(), Phase::kMain);
    EXPECT_EQ(s.loc(card("7H")), kLocMainDiscard);
    EXPECT_EQ(s.loc(card("QS")), kLocMainDiscard);
    EXPECT_EQ(in_hand(s, 0, "JK2"), !discard_jokers);
  }
}

// G5.7 example 9: PvP.
TEST(JokersLabyrinthRules, PlayerCombat) {
  auto start = [](bool b_has_joker) {
    State s = setup("H", "a0", "S", "h7");
    stand(s, 0, "b2");
    stand(s, 1, "c2");
    give(s, 0, "JK");
    s.put(card("JK"), kLocHand + 0);
    s.set_face_down(kCenter, false);
    give(s, 0, "6H");
    if (b_has_joker) give(s, 1, "JK2");
    return s;
  };
  {
    State s = start(false);
    play(s, "fight right");
    EXPECT_EQ(s.phase(), Phase::kPvpPrep);
    EXPECT_EQ(s.current_player(), 0);
    play(s, "use 6H");
    EXPECT_EQ(s.current_player(), 1);
    EXPECT_EQ(s.view(1)["combat"]["commit"][0], "committed");  // hidden until both are in
    EXPECT_EQ(s.view(0)["combat"]["commit"][0], "6H");
    play(s, "nocard");
    EXPECT_EQ(s.view(1)["combat"]["commit"][0], "6H");
    play(s, "die 2");
    play(s, "die 5");  // A: 2 + 6 + 1 = 9, B: 5
    EXPECT_EQ(s.phase(), Phase::kRelocating);
    EXPECT_EQ(s.current_player(), 0);
    play(s, "spot h7");
    EXPECT_EQ(cell_name(s.player(1).pos), "h7");
    EXPECT_FALSE(s.player(1).entered);
    EXPECT_EQ(cell_name(s.player(0).pos), "c2");
  }
  {
    State s = start(true);
    play(s, "fight right");
    play(s, "use 6H");
    play(s, "nocard");
    play(s, "die 2");
    play(s, "die 5");                               // B: 5 + 1 = 6 < 9
    EXPECT_EQ(s.card_on(cell("c2")), card("JK2"));  // dropped on B's cell
    play(s, "spot g8");
    EXPECT_TRUE(s.is_terminal());  // A picks it up: two Jokers
    EXPECT_EQ(s.winner(), 0);
    EXPECT_EQ(s.returns()[0], 1.0);
  }
  {
    State s = start(false);
    play(s, "fight right");
    play(s, "nocard");
    play(s, "nocard");
    play(s, "die 2");
    play(s, "die 3");  // 2 + 1 = 3 = 3: a tie, fight on
    EXPECT_EQ(s.phase(), Phase::kPvpPrep);
    EXPECT_EQ(s.current_player(), 0);
  }
}

// A-G5-58: relocation moves the loser to another free start spot, never the one it stands on.
TEST(JokersLabyrinthRules, RelocationIsNeverOntoTheLosersOwnSpot) {
  State s = initial();
  play_script(s,
              "first P1; jack D; jack H; spot g0; spot h1; end; move up; fight left; nocard; "
              "nocard; die 4; die 2");
  ASSERT_EQ(s.phase(), Phase::kRelocating);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_FALSE(legal(s, "spot g0"));  // where the loser stands
  ActionList spots;
  s.legal_actions(spots);
  EXPECT_EQ(spots.size(), 7u);  // the other start spots, h1 (left by the winner) included
  play(s, "spot a0");
  EXPECT_EQ(cell_name(s.player(0).pos), "a0");
  EXPECT_EQ(cell_name(s.player(1).pos), "g0");  // the winning initiator moves in (A-G5-25)
}

// A-G5-58: with no other free start spot the loser stays where it is. Play never gets there (at
// most 3 other Jacks and the 2 Jokers of the main deck on 8 spots); here cards are laid on them.
TEST(JokersLabyrinthRules, ALoserWithNoFreeSpotStays) {
  State s = initial({{"players", 4}});
  play_script(s,
              "first P1; jack D; jack H; jack S; jack C; spot g0; spot h1; spot z1; spot z7; end; "
              "move up");
  ASSERT_EQ(s.to_move(), 1);
  for (const auto& [spot, phys] :
       {std::pair{"a0", 52}, {"a8", 53}, {"h7", 106}, {"g8", 107}, {"h1", card("9S")}}) {
    s.put(phys, static_cast<std::uint8_t>(cell(spot)));
  }
  play_script(s, "fight left; nocard; nocard; die 4; die 2");
  EXPECT_EQ(s.phase(), Phase::kMain);  // nowhere to relocate: the loser stays on g0
  EXPECT_EQ(cell_name(s.player(0).pos), "g0");
  EXPECT_EQ(cell_name(s.player(1).pos), "h0");
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

TEST(JokersLabyrinthRules, KingRerollInCombat) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  lay(s, "c2", "5S");
  give(s, 0, "KH");
  give(s, 0, "5D");
  play(s, "fight right");
  play(s, "use 5D");  // diff 0: 2 dice
  play(s, "die 3");
  play(s, "die 4");
  play(s, "die 3");  // the final die matches: a loss unless rerolled
  EXPECT_EQ(s.phase(), Phase::kRerolling);
  play(s, "reroll f");
  play(s, "die 6");
  EXPECT_EQ(s.phase(), Phase::kMain);  // won; the reroll was used once
  EXPECT_EQ(cell_name(s.player(0).pos), "c2");
}

// A-G5-61: any subset of the shown dice, e.g. two of three dice showing 2: "reroll one 2" sets one
// die aside at a time, and the last choice rerolls them (with whole faces and/or the final die).
TEST(JokersLabyrinthRules, KingRerollsPartOfEqualDice) {
  State s = setup("H", "a0", "S", "h7");
  stand(s, 0, "b2");
  lay(s, "c2", "8S");
  give(s, 0, "KH");
  give(s, 0, "5D");
  play_script(s, "fight right; use 5D; die 2; die 2; die 2; die 2");  // diff 3: 3 dice
  ASSERT_EQ(s.phase(), Phase::kRerolling);
  auto texts = [](const State& st) {
    ActionList legal_now;
    st.legal_actions(legal_now);
    std::vector<std::string> out;
    for (Action a : legal_now) out.push_back(st.action_to_string(a));
    std::sort(out.begin(), out.end());
    return out;
  };
  // 0-3 of the three 2s, with or without the final die: 8 choices, each reached one way.
  EXPECT_EQ(texts(s), (std::vector<std::string>{"noreroll", "reroll 2", "reroll 2f", "reroll f",
                                                "reroll one 2"}));
  play(s, "reroll one 2");
  EXPECT_EQ(texts(s), (std::vector<std::string>{"reroll f", "reroll one 2", "roll"}));
  play(s, "reroll one 2");
  EXPECT_EQ(texts(s), (std::vector<std::string>{"reroll f", "roll"}));  // one 2 stays
  EXPECT_EQ(s.combat().faces[1], 1);
  play_script(s, "reroll f; die 5; die 6; die 3");  // shown 2 5 6, final 3: won
  EXPECT_EQ(s.phase(), Phase::kMain);
  EXPECT_EQ(cell_name(s.player(0).pos), "c2");
  EXPECT_EQ(s.loc(card("KH")), kLocHand + 0);  // the King stays (A-G5-18: a passive ability)
  // The document of a reroll being chosen reloads (a position reached by play: 7 dice against a
  // Joker, a King from the Scavenger deck in hand).
  State joker = initial();
  play_script(joker, "first P1; jack D; jack H; spot a0; spot g8; reveal down; card JK2");
  Json body = joker.to_json();
  body["loc"][card("KH*")] = kLocHand + 0;
  const Game game = load();
  joker = State::from_json(body, game.options());
  play_script(joker,
              "nocard; die 2; die 2; die 2; die 2; die 2; die 2; die 2; die 1; reroll one 2");
  EXPECT_EQ(joker.view(1)["combat"]["set_aside"]["dice"], 1);
  EXPECT_EQ(State::from_json(joker.to_json(), game.options()).to_json(), joker.to_json());
}

TEST(JokersLabyrinthRules, RoundLimitEndsInADraw) {
  State s = setup("H", "a0", "S", "h7", {{"roundLimit", 2}});
  for (int i = 0; i < 4; ++i) play(s, "end");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), -1);
  EXPECT_EQ(s.returns(), (std::vector<double>{0.0, 0.0}));
}

TEST(JokersLabyrinthRules, JokerPickupOption) {
  State s = setup("H", "a0", "S", "h7", {{"jokerPickupWithoutFight", "always"}});
  stand(s, 0, "d3");
  play(s, "move down");
  EXPECT_TRUE(in_hand(s, 0, "JK"));
  State never = setup("H", "a0", "S", "h7", {{"jokerPickupWithoutFight", "never"}});
  stand(never, 0, "b2");
  lay(never, "c2", "JK2");
  EXPECT_EQ(reason(never, "fight right"), "");
}

TEST(JokersLabyrinthRules, AceCostOption) {
  for (bool costs : {true, false}) {
    State s = setup("H", "a0", "S", "h7", {{"aceUseCostsAction", costs}});
    stand(s, 0, "b2");
    give(s, 0, "AS");
    play(s, "recon AS");
    while (s.phase() == Phase::kDeal) s.apply_legal(s.chance_outcomes().front().action);
    while (s.phase() == Phase::kGuardian) s.apply_legal(s.chance_outcomes().front().action);
    ASSERT_EQ(s.phase(), Phase::kMain);
    EXPECT_EQ(s.actions_left(), costs ? 1 : 2);
  }
}

TEST(JokersLabyrinthRules, ScavengedNpcOption) {
  for (bool friendly : {true, false}) {
    State s = setup("S", "a0", "H", "h7", {{"scavengedNpcFriendlyToAll", friendly}});
    stand(s, 0, "b2");
    clear(s, "c2");
    play(s, "move right");
    play(s, "scavenge");
    play(s, "card QH*");
    if (friendly) {
      EXPECT_EQ(s.phase(), Phase::kScavKeep);
    } else {
      EXPECT_EQ(s.phase(), Phase::kMain);  // hostile to the Spades Jack: discarded
      EXPECT_EQ(s.loc(card("QH*")), kLocScavDiscard);
    }
  }
}

TEST(JokersLabyrinthRules, PvpRelocationOption) {
  State s = setup("H", "a0", "S", "h7", {{"pvpRelocation", "cornerCellIfEmpty"}});
  stand(s, 0, "b2");
  stand(s, 1, "c2");
  clear(s, "g7");
  play(s, "fight right");
  play(s, "nocard");
  play(s, "nocard");
  play(s, "die 6");
  play(s, "die 1");
  EXPECT_EQ(s.phase(), Phase::kRelocating);
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, (ActionList{s.parse_action("corner g7")}));  // the only empty corner card cell
  play(s, "corner g7");
  EXPECT_TRUE(s.player(1).entered);
  EXPECT_EQ(cell_name(s.player(0).pos), "c2");
}

}  // namespace
}  // namespace mw::jokers_labyrinth
