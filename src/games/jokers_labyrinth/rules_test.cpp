// The rules of G5 on hand-built positions with forced chance outcomes: setup, walking, decks.
#include <gtest/gtest.h>

#include <cmath>

#include "games/jokers_labyrinth/rules_test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

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
