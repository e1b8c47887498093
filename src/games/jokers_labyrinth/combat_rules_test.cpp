// The fights of G5 (RULINGS G5.7 examples 1-3, 8, 9): dice, debt, losses, PvP, King rerolls.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/jokers_labyrinth/rules_test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

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

}  // namespace
}  // namespace mw::jokers_labyrinth
