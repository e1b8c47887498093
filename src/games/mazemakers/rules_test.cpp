// Rule tests: every worked example of RULINGS G4.7 and each rule and variant of G4.3-G4.4.
#include <gtest/gtest.h>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

TEST(MazeMakersOptions, DefaultsArePinned) {
  const Options o = load().options();
  EXPECT_EQ(o.get_int("players"), 2);
  EXPECT_EQ(o.get_string("combatDie"), "piecepack0to5");  // A-G4-3
  EXPECT_FALSE(o.get_bool("exactMovement"));              // A-G4-4
  EXPECT_FALSE(o.get_bool("removeDefeatedMonsters"));     // A-G4-6
  EXPECT_FALSE(o.get_bool("revival"));
  EXPECT_FALSE(o.get_bool("startHealing"));
  EXPECT_FALSE(o.get_bool("harshDamage"));
  EXPECT_EQ(o.get_string("tieBreak"), "none");  // A-G4-8: all exiters tie
  EXPECT_EQ(o.get_int("roundLimit"), 100);
}

TEST(MazeMakersSetup, ScriptedSetupReachesTheFirstTurn) {
  const State s = two();
  EXPECT_EQ(s.phase(), Phase::kWallAction);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.coin_at(cell("i7")), 8);  // Crowns-4
  for (Player p = 0; p < 2; ++p) {
    EXPECT_EQ(s.pawn(p), kStart);
    EXPECT_EQ(s.health(p), 5);
  }
  // Reverse order control: P2 on the first wall (F), then P1 on I.
  EXPECT_EQ(s.wall_owner(0), 1);
  EXPECT_EQ(s.wall_owner(1), 0);
}

// G4.7 example 6.
TEST(MazeMakersSetup, CountsPerPlayerNumber) {
  for (int players = 2; players <= 4; ++players) {
    State s = fresh({{"players", players}});
    Rng rng(7);
    std::vector<int> walls_by_seat(4, 0);
    int coins = 0, controls = 0;
    ActionList legal;
    while (s.phase() != Phase::kWallAction) {
      if (s.phase() == Phase::kWalls) ++walls_by_seat[s.current_player()];
      if (s.phase() == Phase::kCoins) ++coins;
      if (s.phase() == Phase::kControl) ++controls;
      if (s.current_player() == kChancePlayer) {
        s.apply_legal(s.sample_chance(rng));
      } else {
        s.legal_actions(legal);
        s.apply_legal(legal[rng.below(legal.size())]);
      }
    }
    EXPECT_EQ(coins, players == 2 ? 9 : 12);
    EXPECT_EQ(controls, players);
    const int first = s.first_player();
    std::vector<int> in_order;
    for (int k = 0; k < players; ++k) in_order.push_back(walls_by_seat[(first + k) % players]);
    const std::vector<std::vector<int>> expected = {{5, 4}, {3, 3, 3}, {3, 2, 2, 2}};
    EXPECT_EQ(in_order, expected[players - 2]);
    int placed = 0, controlled = 0;
    for (int w = 0; w < kNumPieces; ++w) {
      placed += s.wall_placement(w) >= 0 ? 1 : 0;
      controlled += s.wall_owner(w) >= 0 ? 1 : 0;
    }
    EXPECT_EQ(placed, 9);
    EXPECT_EQ(controlled, players);
  }
}

TEST(MazeMakersSetup, SuitsAndControlRules) {
  State s = fresh();
  play(s, "first P2");
  EXPECT_EQ(s.current_player(), 1);
  play(s, "arms");
  EXPECT_EQ(reason(s, "arms"), "that suit is taken");
  play(s, "moons");
  EXPECT_EQ(s.current_player(), kChancePlayer);
  const auto outcomes = s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);  // Suns or Crowns
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
}

// G4.7 example 7.
TEST(MazeMakersMove, FirstStepsLeaveStartOnItsFourBorderingSquares) {
  State s = two();
  play(s, "pass");
  ActionList legal;
  s.legal_actions(legal);
  const ActionList expected = {kStepBase + cell("i8"), kStepBase + cell("j8"),
                               kStepBase + cell("h9"), kStepBase + cell("h10"), kStop};
  EXPECT_EQ(legal, expected);
  // A wall on column h closes h9 and h10.
  auto walls = fixture_walls();
  walls[1] = "I h6 h7 h8 h9 h10";
  State w = scripted(Json::object(), walls, kCoins2);
  play(w, "pass");
  w.legal_actions(legal);
  EXPECT_EQ(legal, (ActionList{kStepBase + cell("i8"), kStepBase + cell("j8"), kStop}));
  EXPECT_NE(reason(w, "h9"), "");
}

TEST(MazeMakersMove, UpToHealthStepsAndRevisits) {
  State s = two();
  play(s, "pass");
  EXPECT_EQ(s.steps_left(), 5);
  play(s, "j8");
  play(s, "j7");
  play(s, "j8");  // revisiting is allowed
  play(s, "j7");
  EXPECT_EQ(s.current_player(), 0);
  play(s, "j6");  // the fifth step ends the move
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.pawn(0), cell("j6"));
}

TEST(MazeMakersMove, WallsStopPawns) {
  State s = two_edited(Json::object(), [](Json& b) { b["pawns"][0] = parse_cell("a6"); });
  play(s, "pass");
  EXPECT_EQ(reason(s, "a5"), "");  // a5 is open in the fixture
  EXPECT_EQ(reason(s, "b6"), "");
  State t = two_edited(Json::object(), [](Json& b) { b["pawns"][0] = parse_cell("b6"); });
  play(t, "pass");
  EXPECT_EQ(reason(t, "b5"), "b5 is under a wall");
}

// G4.7 example 1 (variant 3) and the base rule.
TEST(MazeMakersCombat, MonsterDamageBaseAndHarsh) {
  for (const bool harsh : {false, true}) {
    const Json opts = {{"harshDamage", harsh}};
    State s = two(opts);
    play(s, "pass");
    play(s, "i8");
    play(s, "i7");  // Crowns-4: a monster for Suns
    EXPECT_EQ(s.phase(), Phase::kMonsterRoll);
    play(s, "roll 2");
    EXPECT_EQ(s.health(0), harsh ? 3 : 4);
    EXPECT_EQ(s.coin_at(cell("i7")), 8);  // put back number up (A-G4-6)
    EXPECT_EQ(s.current_player(), 1);
    EXPECT_EQ(s.landed(0), 1u << 8);  // P1 has seen it: a public "monster for P1" fact
  }
}

// G4.7 example 2.
TEST(MazeMakersCombat, MonsterThresholdCountsArtifacts) {
  State s = two_edited(Json::object(), [](Json& b) { give_artifacts(b, 0, 1); });
  play(s, "pass");
  play(s, "i8");
  play(s, "h8");
  play(s, "h7");
  play(s, "g7");      // Crowns-3
  play(s, "roll 2");  // 2 + 1 >= 3: defeated (A-G4-27)
  EXPECT_EQ(s.health(0), 5);
  EXPECT_EQ(s.coin_at(cell("g7")), 7);
  EXPECT_EQ(s.pawn(0), cell("g7"));
}

TEST(MazeMakersCombat, RemovedDefeatedMonstersOption) {
  const Json opts = {{"removeDefeatedMonsters", true}};
  State s = two(opts);
  play(s, "pass");
  play(s, "i8");
  play(s, "i7");
  play(s, "roll 5");
  EXPECT_EQ(s.coin_at(cell("i7")), -1);
  EXPECT_EQ(s.removed(), 1u << 8);
}

// G4.7 example 3.
TEST(MazeMakersCombat, ArtifactHealsUpToTheCap) {
  for (const int health : {3, 5}) {
    State s = two_edited(Json::object(), [&](Json& b) { b["health"][1] = health; });
    play(s, "pass");
    play(s, "stop");
    play(s, "pass");
    play(s, "h9");
    play(s, "g9");  // Moons-2, P2's own suit
    EXPECT_EQ(s.artifacts(1), 1);
    EXPECT_EQ(s.health(1), std::min(5, health + 1));
    EXPECT_EQ(s.coin_at(cell("g9")), -1);
    EXPECT_EQ(s.taken(), 1u << 3);
    EXPECT_EQ(s.view(0)["artifacts_found"], Json::array({"Moons-2"}));
    EXPECT_EQ(s.current_player(), 0);
  }
}

// G4.7 example 4.
TEST(MazeMakersCombat, BlockTieDamagesTheBlockerAndTheMoverGoesOn) {
  State s = two_edited(Json::object(), [](Json& b) { b["pawns"][1] = parse_cell("i8"); });
  play(s, "pass");
  play(s, "i8");
  EXPECT_EQ(s.phase(), Phase::kBlockChoice);
  EXPECT_EQ(s.current_player(), 1);
  play(s, "block");
  play(s, "roll 3");
  play(s, "roll 3");
  EXPECT_EQ(s.health(1), 4);
  EXPECT_EQ(s.health(0), 5);
  EXPECT_EQ(s.pawn(0), cell("i8"));
  EXPECT_EQ(s.steps_left(), 4);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_NE(reason(s, "stop"), "");  // may not end on an occupied square
  play(s, "h8");
  play(s, "stop");
  EXPECT_EQ(s.current_player(), 1);
}

TEST(MazeMakersCombat, BlockWinSendsTheMoverBack) {
  for (const bool harsh : {false, true}) {
    const Json opts = {{"harshDamage", harsh}};
    State s = two_edited(opts, [](Json& b) { b["pawns"][1] = parse_cell("i8"); });
    play(s, "pass");
    play(s, "i8");
    play(s, "block");
    play(s, "roll 1");
    play(s, "roll 4");
    EXPECT_EQ(s.health(0), harsh ? 2 : 4);
    EXPECT_EQ(s.pawn(0), kStart);
    EXPECT_EQ(s.current_player(), 1);  // the move ended
  }
}

TEST(MazeMakersCombat, AllowLetsTheMoverPassAndStartIsShared) {
  State s = two_edited(Json::object(), [](Json& b) { b["pawns"][1] = parse_cell("i8"); });
  play(s, "pass");
  play(s, "i8");
  play(s, "allow");
  EXPECT_EQ(s.pawn(0), cell("i8"));
  play(s, "start");  // back onto START: shared, no block question (A-G4-18)
  EXPECT_EQ(s.current_player(), 0);
  play(s, "stop");
}

TEST(MazeMakersCombat, EnteringAnOccupiedSquareNeedsAWayOut) {
  State s = two_edited(Json::object(), [](Json& b) {
    b["pawns"][1] = parse_cell("i8");
    b["health"][0] = 1;
  });
  play(s, "pass");
  EXPECT_EQ(reason(s, "i8"), "you could not leave that occupied square with the steps left");
}

// G4.7 example 10 (A-G4-3).
TEST(MazeMakersCombat, DieDistribution) {
  for (const bool d6 : {false, true}) {
    const Json opts = {{"combatDie", d6 ? "d6_1to6" : "piecepack0to5"}};
    State s = two(opts);
    play(s, "pass");
    play(s, "i8");
    play(s, "i7");
    int defeats = 0;
    for (const auto& o : s.chance_outcomes()) {
      EXPECT_DOUBLE_EQ(o.probability, 1.0 / 6);
      State t = s;
      t.apply_legal(o.action);
      defeats += t.health(0) == 5 ? 1 : 0;
    }
    EXPECT_EQ(defeats, d6 ? 3 : 2);
  }
}

// G4.7 example 5 with A = P3, B = P1, C = P2.
TEST(MazeMakersWalls, TakeoverAndTheForcedMove) {
  const Json opts = {{"players", 3}};
  const std::vector<std::string> coins = {"a7", "b7", "c7", "a8",  "b8",  "c8",
                                          "a9", "b9", "c9", "a10", "b10", "c10"};
  State s = scripted(opts, fixture_walls(), coins);
  EXPECT_EQ(s.wall_owner(0), 2);  // P3 holds F with one coin
  EXPECT_EQ(s.hand(0), 2);
  play(s, "coin F");  // P1 needs 1 + 1 = 2 coins
  EXPECT_EQ(s.wall_owner(0), 0);
  EXPECT_EQ(s.wall_coins(0), 2);
  EXPECT_EQ(s.hand(2), 3);  // P3's coin came back
  play(s, "stop");
  EXPECT_EQ(reason(s, "coin F"), "taking that wall needs 3 suit-up coins and you have 2");
  EXPECT_EQ(reason(s, "coin I"), "you already control that wall");
  play(s, "pass");
  play(s, "stop");
  EXPECT_EQ(reason(s, "coin F"), "");  // P3 has 3 coins; declines
  play(s, "pass");
  play(s, "stop");
  EXPECT_TRUE(s.forced_wall());
  EXPECT_EQ(s.forced_piece(), 0);
  EXPECT_NE(reason(s, "pass"), "");
  EXPECT_NE(reason(s, "coin L"), "");
  ActionList legal;
  s.legal_actions(legal);
  ASSERT_FALSE(legal.empty());
  for (Action a : legal) EXPECT_EQ(orientations()[a / kCells].piece, 0);
  s.apply_legal(legal.front());
  EXPECT_EQ(s.wall_owner(0), -1);
  EXPECT_EQ(s.hand(0), 2);  // L still holds one
}

TEST(MazeMakersWalls, MovedWallsAvoidPawnsCoinsWallsAndTheirOwnSquares) {
  State s = two();  // P1 holds I (c1..g1)
  EXPECT_EQ(reason(s, "I c1 d1 e1 f1 g1"), "a moved wall must cover a different set of squares");
  EXPECT_EQ(reason(s, "I a7 b7 c7 d7 e7"), "a wall may not cover other walls, pawns or coins");
  EXPECT_EQ(reason(s, "I a6 b6 c6 d6 e6"), "");
  EXPECT_EQ(reason(s, "F a7 b7 b8 c8 b9"), "you do not control wall F");
  EXPECT_EQ(reason(s, "I1@f10"), "a wall may not cover the START hole");
  play(s, "I a6 b6 c6 d6 e6");
  EXPECT_EQ(s.wall_owner(1), -1);
  EXPECT_EQ(s.hand(0), 3);
  EXPECT_EQ(s.phase(), Phase::kMove);
}

TEST(MazeMakersWalls, ForcedWallStillMovableCannotBeRecovered) {
  // P1 holds F with two coins and every other placement is blocked: coins cover the open board.
  const std::vector<std::string> coins = {"a7", "b7", "c7", "g9", "b9", "c9", "a10", "g7", "i7"};
  State base = scripted(Json::object(), fixture_walls(), coins);
  State s = edited(base, Json::object(), [](Json& b) {
    b["owners"][0] = 0;
    b["owner_coins"][0] = 2;
    b["owners"][1] = -1;
    b["owner_coins"][1] = 0;
    b["forced"] = 0;
  });
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_GT(legal.size(), 1u);  // there is room on rows 6-10
  EXPECT_NE(reason(s, "recover"), "");
}

// A-G4-15: the forced wall I has nowhere else to go (every straight run of five free squares is
// broken by a coin or another wall), so the only action is to recover the coins.
TEST(MazeMakersWalls, ForcedWallWithNoRoomIsRecovered) {
  const std::vector<std::string> walls = {
      "I h3 h4 h5 h6 h7",  "N e2 f2 g2 d3 e3", "Y a2 a3 a4 b4 a5",
      "L b9 c9 d9 e9 b10", "T g3 e4 f4 g4 g5", "F c5 d5 d6 e6 d7",
      "P i2 j2 i3 j3 j4",  "U b1 d1 b2 c2 d2", "W f6 e7 f7 d8 e8"};
  const std::vector<std::string> coins = {"h8", "h1", "g10", "h2", "i4", "a10", "a1", "c3", "f9"};
  const State base = scripted(Json::object(), walls, coins);
  ASSERT_EQ(base.wall_owner(1), 0);  // P1 holds I
  State s = edited(base, Json::object(), [](Json& b) {
    b["owner_coins"][1] = 2;
    b["forced"] = 1;
  });
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, ActionList{kRecover});
  EXPECT_EQ(reason(s, "pass"), "a wall holding two or more of your coins must be moved");
  play(s, "recover");
  EXPECT_EQ(s.wall_owner(1), -1);
  EXPECT_EQ(s.hand(0), 3);
  EXPECT_EQ(s.wall_placement(1), base.wall_placement(1));  // the wall stays
  EXPECT_EQ(s.phase(), Phase::kMove);
}

// G4.7 example 8.
TEST(MazeMakersEnd, ExitTieAndTieBreaks) {
  auto setup = [](const Json& opts) {
    return two_edited(opts, [](Json& b) {
      give_artifacts(b, 0, 3);
      give_artifacts(b, 1, 3);
      b["pawns"] = {parse_cell("i8"), parse_cell("h9")};
      b["health"] = {5, 4};
    });
  };
  {
    State s = setup(Json::object());
    play(s, "pass");
    play(s, "start");
    EXPECT_TRUE(s.exited(0));
    EXPECT_FALSE(s.is_terminal());  // the round finishes first
    play(s, "pass");
    play(s, "start");
    EXPECT_TRUE(s.is_terminal());
    EXPECT_EQ(s.returns(), (std::vector<double>{1, 1}));
  }
  {
    State s = setup({{"tieBreak", "health"}});
    play(s, "pass");
    play(s, "start");
    play(s, "pass");
    play(s, "start");
    EXPECT_EQ(s.returns(), (std::vector<double>{1, -1}));
  }
  {
    State s = setup({{"tieBreak", "rolloff"}});
    play(s, "pass");
    play(s, "start");
    play(s, "pass");
    play(s, "start");
    EXPECT_EQ(s.phase(), Phase::kRolloff);
    play(s, "roll 2");
    play(s, "roll 2");  // tied again: another pass
    EXPECT_EQ(s.phase(), Phase::kRolloff);
    play(s, "roll 1");
    play(s, "roll 4");
    EXPECT_EQ(s.returns(), (std::vector<double>{-1, 1}));
  }
  {
    State s = setup(Json::object());
    play(s, "pass");
    play(s, "start");
    play(s, "pass");
    play(s, "stop");  // P2 does not exit this round
    EXPECT_EQ(s.returns(), (std::vector<double>{1, -1}));
  }
}

TEST(MazeMakersEnd, StartWithoutThreeArtifactsIsNotAnExit) {
  State s = two_edited(Json::object(), [](Json& b) { give_artifacts(b, 0, 2); });
  play(s, "pass");
  play(s, "i8");
  play(s, "start");
  EXPECT_FALSE(s.exited(0));
  EXPECT_EQ(s.current_player(), 0);
}

TEST(MazeMakersEnd, DeathRemovesThePawnAndItsWalls) {
  State s = two_edited(Json::object(), [](Json& b) {
    b["health"][0] = 1;
    b["pawns"][0] = parse_cell("i8");
  });
  play(s, "pass");
  play(s, "i7");
  play(s, "roll 0");
  EXPECT_FALSE(s.alive(0));
  EXPECT_EQ(s.wall_owner(1), -1);
  EXPECT_EQ(s.current_player(), 1);
  play(s, "pass");
  play(s, "stop");
  EXPECT_EQ(s.current_player(), 1);  // the dead are skipped
}

TEST(MazeMakersEnd, AllDeadMeansNoWinner) {
  State s = two_edited(Json::object(), [](Json& b) {
    b["health"] = {1, 1};
    b["pawns"] = {parse_cell("i8"), parse_cell("h7")};
  });
  play(s, "pass");
  play(s, "i7");
  play(s, "roll 0");
  play(s, "pass");
  play(s, "g7");
  play(s, "roll 0");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.returns(), (std::vector<double>{0, 0}));
}

TEST(MazeMakersEnd, RoundLimitDraws) {
  const Json opts = {{"roundLimit", 1}};
  State s = two(opts);
  play(s, "pass");
  play(s, "stop");
  play(s, "pass");
  play(s, "stop");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.returns(), (std::vector<double>{0, 0}));
}

TEST(MazeMakersVariants, RevivalRestartsOnStartWithTwoHealth) {
  const Json opts = {{"revival", true}};
  State s = two_edited(opts, [](Json& b) {
    b["health"][0] = 1;
    b["pawns"][0] = parse_cell("i8");
  });
  play(s, "pass");
  play(s, "i7");
  play(s, "roll 0");
  EXPECT_TRUE(s.alive(0));
  EXPECT_EQ(s.pawn(0), kStart);
  EXPECT_EQ(s.health(0), 2);
  EXPECT_EQ(s.wall_owner(1), -1);
  EXPECT_EQ(s.hand(0), 3);
}

TEST(MazeMakersVariants, StartHealingNeedsAWholeTurnOnStart) {
  const Json opts = {{"startHealing", true}};
  State s = two_edited(opts, [](Json& b) { b["health"] = {3, 3}; });
  play(s, "pass");
  play(s, "stop");
  EXPECT_EQ(s.health(0), 4);
  play(s, "pass");
  play(s, "h9");
  play(s, "start");  // left and came back: not a whole turn
  play(s, "stop");
  EXPECT_EQ(s.health(1), 3);
  State plain = two_edited(Json::object(), [](Json& b) { b["health"] = {3, 3}; });
  play(plain, "pass");
  play(plain, "stop");
  EXPECT_EQ(plain.health(0), 3);
}

TEST(MazeMakersVariants, HarshPvpDamageIsTheDifference) {
  const Json opts = {{"harshDamage", true}};
  State s = two_edited(opts, [](Json& b) { b["pawns"][1] = parse_cell("i8"); });
  play(s, "pass");
  play(s, "i8");
  play(s, "block");
  play(s, "roll 5");
  play(s, "roll 1");
  EXPECT_EQ(s.health(1), 1);
}

TEST(MazeMakersVariants, ExactMovementForbidsStoppingEarly) {
  const Json opts = {{"exactMovement", true}};
  State s = two(opts);
  play(s, "pass");
  EXPECT_EQ(reason(s, "stop"), "with exact movement you must keep moving while you can");
}

TEST(MazeMakersNotation, WholePathStopsAtAChanceOrABlock) {
  State s = two();
  const auto path = s.parse_actions("pass i8 i7 i6");
  EXPECT_EQ(path, (std::vector<Action>{kPass, kStepBase + cell("i8"), kStepBase + cell("i7")}));
  State b = two_edited(Json::object(), [](Json& body) { body["pawns"][1] = parse_cell("i8"); });
  EXPECT_EQ(b.parse_actions("pass i8 h8 g8"), (std::vector<Action>{kPass, kStepBase + cell("i8")}));
}

}  // namespace
}  // namespace mw::mazemakers
