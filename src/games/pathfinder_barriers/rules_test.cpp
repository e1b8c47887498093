// The rules of RULINGS.md G2 and the worked examples of G2.7.
#include <gtest/gtest.h>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

TEST(PathfinderOptions, DefaultsArePinned) {
  const Game game = load();
  EXPECT_EQ(game.options().get_bool("allowRedundantQuestions"), false);
  EXPECT_EQ(game.options().get_string("firstPlayer"), "random");
  EXPECT_EQ(game.options().get_int("maxBarriers"), 30);
  EXPECT_EQ(game.num_players(), 2);
}

// ---- G2.7 #1: Figure 3 ----

TEST(PathfinderFigure3, TheFixtureMatchesTheCaption) {
  const HomeGrid g = parse_home_grid(kFigure3);
  EXPECT_EQ(g.invalid_reason(30), "");
  EXPECT_EQ(g.barriers.count(), 10);
  for (const char* row : {"A-1", "B-1", "D-1", "E-1"}) {
    EXPECT_EQ(flood(sq_bit(sq(row)), g.barriers) & sq_bit(g.pawn), 0u) << row << " is a dead end";
  }
  EXPECT_NE(flood(sq_bit(sq("F-1")), g.barriers) & sq_bit(g.pawn), 0u);
}

TEST(PathfinderFigure3, EnteringAtC1IsRefusedAndEndsTheTurn) {
  State s = figure3();
  play(s, "enter C-1");
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_TRUE(s.tracking(0).blocked.contains(parse_slot("|C-1")));
  EXPECT_EQ(s.tracking(0).pos, -1);
  EXPECT_EQ(s.view(kSpectator)["last"]["answer"], "no");
}

TEST(PathfinderFigure3, TheSinglePathFromF1WinsOnE5) {
  State s = figure3();
  play(s, "enter F-1");
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.tracking(0).pos, sq("F-1"));
  for (const char* step : {"F-1>F-2", "F-2>F-3", "F-3>F-4", "F-4>F-5"}) {
    play(s, step);
    EXPECT_EQ(s.current_player(), 0) << step;
  }
  play(s, "F-5>E-5");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.returns(), (std::vector<double>{1.0, -1.0}));
}

TEST(PathfinderFigure3, AWholePathIsOneText) {
  State s = figure3();
  const auto actions = s.parse_actions("F-1>F-2>F-3>F-4>F-5>E-5");
  EXPECT_EQ(actions.size(), 6u);
  for (Action a : actions) s.apply_legal(a);
  EXPECT_EQ(s.winner(), 0);
}

TEST(PathfinderFigure3, APathIsCutAtTheFirstNo) {
  State s = figure3();
  const auto actions = s.parse_actions("E-1>F-1>F-2");
  ASSERT_EQ(actions.size(), 2u);  // enter E-1 (Yes), E-1>F-1 (No): the rest is not asked
  for (Action a : actions) s.apply_legal(a);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.tracking(0).pos, sq("E-1"));
  EXPECT_TRUE(s.tracking(0).blocked.contains(parse_slot("E-1|F-1")));
}

TEST(PathfinderFigure3, E1ToF1IsNo) {
  State s = figure3();
  play(s, "enter E-1");
  play(s, "E-1>F-1");
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.tracking(0).pos, sq("E-1"));
}

// ---- G2.7 #2: Figure 4 ----

TEST(PathfinderFigure4, B3ToB4IsNoAndALightChipIsRecorded) {
  State s = figure3();
  play(s, "enter B-1");
  play(s, "B-1>B-2");
  play(s, "B-2>B-3");
  play(s, "B-3>B-4");
  EXPECT_TRUE(s.tracking(0).blocked.contains(parse_slot("B-3|B-4")));
  EXPECT_EQ(s.tracking(0).pos, sq("B-3"));
  EXPECT_EQ(s.current_player(), 1);
  const Json v = s.view(0);
  EXPECT_EQ(v["tracking"][0]["blocked"], Json::array({"B-3|B-4"}));
  EXPECT_EQ(v["last"]["question"], "B-3>B-4");
  EXPECT_EQ(v["last"]["answer"], "no");
  // Asking again is not a legal action (A-G2-6) until allowRedundantQuestions.
  play(s, "enter F-1");
  play(s, "F-1>F-2");
  EXPECT_EQ(s.current_player(), 1);  // nothing: North's explorer stays on B-3 for its next turn
}

// ---- G2.7 #3: the step example ----

TEST(PathfinderStep3, EnterB1ThenMoveToB2LeavesATrailDisc) {
  State s = figure3();
  play(s, "enter B-1");
  EXPECT_EQ(s.tracking(0).pos, sq("B-1"));
  EXPECT_EQ(s.current_player(), 0);
  play(s, "B-1>B-2");
  EXPECT_EQ(s.tracking(0).pos, sq("B-2"));
  EXPECT_EQ(s.tracking(0).visited, sq_bit(sq("B-1")) | sq_bit(sq("B-2")));
  EXPECT_EQ(s.view(1)["tracking"][0]["trail"], Json::array({"B-1", "B-2"}));
}

// ---- G2.7 #4: no diagonal ----

TEST(PathfinderDiagonal, B2ToC3IsRejected) {
  State s = figure3();
  play(s, "enter B-1");
  play(s, "B-1>B-2");
  EXPECT_EQ(error_of([&] { s.parse_action("B-2>C-3"); }, ErrorCode::kParse),
            "B-2 to C-3 is a diagonal move: diagonal movement is not allowed");
  EXPECT_EQ(error_of([&] { s.parse_action("C-3"); }, ErrorCode::kParse),
            "B-2 to C-3 is a diagonal move: diagonal movement is not allowed");
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, (ActionList{kMoveBase + 0, kMoveBase + 1, kMoveBase + 2, kMoveBase + 3}));
}

// ---- G2.7 #5: exit and re-entry ----

TEST(PathfinderExit, ExitingEndsTheTurnAndReEntryIsElsewhere) {
  State s = figure3();
  play(s, "enter D-1");
  EXPECT_EQ(reason(s, "enter B-1"), "your explorer is on D-1; you enter only from off the grid");
  play(s, "exit");
  EXPECT_EQ(s.tracking(0).pos, -1);
  EXPECT_EQ(s.current_player(), 1);
  play(s, "enter A-1");  // South's turn (North's grid is open: a Yes)
  play(s, "A-1>B-1");
  play(s, "B-1>A-1");
  play(s, "exit");
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(reason(s, "enter D-1"), "you just exited at D-1: re-enter at another row");
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, (ActionList{kEnterBase + 0, kEnterBase + 1, kEnterBase + 2, kEnterBase + 4,
                               kEnterBase + 5}));
}

TEST(PathfinderExit, ExitOnlyFromColumnOne) {
  State s = figure3();
  play(s, "enter B-1");
  play(s, "B-1>B-2");
  EXPECT_EQ(reason(s, "exit"), "you exit only from a column-1 square");
  EXPECT_EQ(reason(s, "left"), "");
  play(s, "B-2>B-1");
  EXPECT_EQ(reason(s, "left"), "to leave the grid from column 1, exit");
}

TEST(PathfinderExit, A_G2_14_TheRowJustExitedWhenEveryOtherIsKnownBlocked) {
  // South's grid: every entry but A's blocked; the pawn far beyond A-1.
  State s = from_grids(kOpenGrid, "F-6: |B-1 |C-1 |D-1 |E-1 |F-1 A-6|B-6", 0);
  const char* south_rows[] = {"A", "B"};
  int turn = 0;
  auto south_turn = [&] {
    play(s, std::string("enter ") + south_rows[turn++ % 2] + "-1");
    play(s, "exit");
  };
  for (const char* row : {"B", "C", "D", "E", "F"}) {
    play(s, std::string("enter ") + row + "-1");  // No
    south_turn();
  }
  play(s, "enter A-1");
  play(s, "exit");
  south_turn();
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, ActionList{kEnterBase + 0});
  EXPECT_EQ(reason(s, "enter A-1"), "");
}

TEST(PathfinderExit, A_G2_15_TheRowJustExitedUnderAllowRedundantQuestions) {
  // Each grid leaves one entry open: North's F-1, South's A-1. Both seekers learn the five
  // blocked rows, then enter at their open row and leave it again.
  State s = State::initial(
      load(Json{{"allowRedundantQuestions", true}, {"firstPlayer", "north"}}).options());
  for (const char* move :
       {"pawn F-6",  "bar |A-1",  "bar |B-1",  "bar |C-1",  "bar |D-1",  "bar |E-1",  "done",
        "pawn F-6",  "bar |B-1",  "bar |C-1",  "bar |D-1",  "bar |E-1",  "bar |F-1",  "done",
        "enter B-1", "enter A-1", "enter C-1", "enter B-1", "enter D-1", "enter C-1", "enter E-1",
        "enter D-1", "enter F-1", "enter E-1", "enter A-1", "exit",      "enter F-1", "exit"}) {
    play(s, move);
  }
  ASSERT_EQ(s.current_player(), 0);
  // The five redundant questions (each a sure "No") and the row just exited, the only way in.
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, (ActionList{kEnterBase + 0, kEnterBase + 1, kEnterBase + 2, kEnterBase + 3,
                               kEnterBase + 4, kEnterBase + 5}));
  play(s, "enter B-1");  // No: the turn passes
  s.legal_actions(legal);
  EXPECT_EQ(legal.size(), 6u);
  EXPECT_EQ(reason(s, "enter F-1"), "");
  // Both seekers can get back in, so the game goes on to a win.
  play(s, "enter F-1");
  play(s, "F-1>F-2");
  EXPECT_EQ(s.tracking(1).pos, sq("F-2"));
}

// While another row is still unknown, the row just exited stays closed under the option too.
TEST(PathfinderExit, A_G2_15_TheRowJustExitedStaysClosedWhileAnotherRowIsUnknown) {
  State s = from_grids(kOpenGrid, kOpenGrid, 0, Json{{"allowRedundantQuestions", true}});
  play(s, "enter A-1");
  play(s, "exit");
  play(s, "enter A-1");
  play(s, "exit");
  EXPECT_EQ(reason(s, "enter A-1"), "you just exited at A-1: re-enter at another row");
  EXPECT_EQ(reason(s, "enter B-1"), "");
}

// ---- G2.7 #6: the validator ----

TEST(PathfinderValidator, EnclosedPawnBlockedEntryAnd31ChipsAreRejected) {
  EXPECT_EQ(parse_home_grid("C-3: B-3|C-3 C-3|D-3 C-2|C-3 C-3|C-4").invalid_reason(30),
            "no route leads from a column-1 square to the pawn on C-3: it is walled in");
  EXPECT_EQ(parse_home_grid("A-1: |A-1 A-1|B-1 A-1|A-2").invalid_reason(30),
            "the only routes to the pawn on A-1 start at column-1 squares whose entry slot is "
            "blocked");
  std::string many = "F-6:";
  HomeGrid g = parse_home_grid("F-6:");
  int added = 0;
  for (int slot = 0; slot < kFirstL && added < 31; ++slot) {
    if (slot_name(slot).find("F-6") != std::string::npos) continue;
    many += " " + slot_name(slot);
    ++added;
  }
  g = parse_home_grid(many);
  EXPECT_EQ(g.barriers.count(), 31);
  EXPECT_EQ(g.invalid_reason(30), "31 barrier chips; at most 30 may be used");
  State s = State::initial(load().options());
  EXPECT_NE(error_of([&] { s.parse_actions(many); }, ErrorCode::kParse).find("at most 30"),
            std::string::npos);
}

TEST(PathfinderSetup, PawnFirstThenOnlyChipsThatKeepARouteThenDone) {
  State s = State::initial(load().options());
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(reason(s, "done"), "first place your short pawn on a square of your home grid");
  play(s, "pawn A-1");
  EXPECT_EQ(reason(s, "pawn B-1"), "your short pawn is already on A-1");
  play(s, "bar A-1|B-1");
  EXPECT_EQ(reason(s, "bar |A-1"), "");  // B-1 > B-2 > A-2 > A-1 stays open
  play(s, "bar A-1|A-2");
  EXPECT_EQ(reason(s, "bar |A-1"),
            "a chip in |A-1 would cut every route from an open entry slot to your pawn on A-1");
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(std::count(legal.begin(), legal.end(), kBarrierBase + parse_slot("|A-1")), 0);
  EXPECT_EQ(legal.size(), 66u - 3u + 1u);  // 64 free slots but the cutting one, plus done
  EXPECT_EQ(reason(s, "bar A-1|B-1"), "slot A-1|B-1 already holds a chip");
  play(s, "done");
  EXPECT_EQ(s.current_player(), 1);
}

TEST(PathfinderSetup, RandomSetupsAreAlwaysValid) {
  const Game game = load();
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    State s = State::initial(game.options());
    Rng rng(seed);
    ActionList legal;
    while (s.phase() == Phase::kSetup) {
      s.legal_actions(legal);
      s.apply_legal(legal[rng.below(legal.size())]);
    }
    for (Player p : {0, 1}) EXPECT_EQ(s.home(p).invalid_reason(30), "") << seed;
  }
}

TEST(PathfinderSetup, TheChipCapIsEnforced) {
  State s = State::initial(load({{"maxBarriers", 2}}).options());
  play(s, "pawn F-6");
  play(s, "bar A-1|A-2");
  play(s, "bar A-2|A-3");
  EXPECT_EQ(reason(s, "bar A-3|A-4"), "all 2 barrier chips are used");
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, ActionList{kDone});
}

TEST(PathfinderPlay, FirstPlayerIsAFairChanceNodeByDefault) {
  State s = State::initial(load().options());
  for (Action a : s.parse_actions(kOpenGrid)) s.apply_legal(a);
  for (Action a : s.parse_actions(kFigure3)) s.apply_legal(a);
  EXPECT_EQ(s.current_player(), kChancePlayer);
  const auto outcomes = s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].probability, 0.5);
  s.apply_legal(kFirstPlayerBase + 1);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.tracking(1).turns, 1);
}

TEST(PathfinderPlay, KnownBlockedSlotsAreNotAskedAgainUnlessAllowed) {
  for (bool allow : {false, true}) {
    State s = figure3({{"allowRedundantQuestions", allow}});
    play(s, "enter C-1");  // No
    play(s, "enter A-1");  // South
    play(s, "A-1>A-2");
    play(s, "A-2>A-1");
    play(s, "exit");
    if (allow) {
      EXPECT_EQ(reason(s, "enter C-1"), "");
      play(s, "enter C-1");
      EXPECT_EQ(s.current_player(), 1);  // a de facto pass
    } else {
      EXPECT_EQ(reason(s, "enter C-1"), "the entry slot |C-1 is known to be blocked");
    }
  }
}

TEST(PathfinderPlay, PawnInColumnOneIsFoundOnEntry) {
  State s = from_grids(kOpenGrid, "C-1:", 0);
  play(s, "enter C-1");
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.current_player(), kTerminalPlayer);
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_TRUE(legal.empty());
  EXPECT_EQ(reason(s, "exit"), "the game is over");
}

// cutting_slots (one flood per component of the grid cut along a route) against the plain
// definition: a free slot is cutting when a chip there leaves no route to the pawn (A-G2-9).
TEST(PathfinderSetup, CuttingSlotsMatchTheDefinitionOnRandomGrids) {
  int grids = 0, cuts = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    Rng rng(seed);
    HomeGrid g;
    g.pawn = static_cast<std::int8_t>(rng.below(kSquares));
    const int target = static_cast<int>(rng.below(40));
    for (int tries = 0; tries < 200 && g.barriers.count() < target; ++tries) {
      SlotSet with = g.barriers;
      with.add(static_cast<int>(rng.below(kSlots)));
      if (HomeGrid{with, g.pawn}.valid()) g.barriers = with;
    }
    ASSERT_TRUE(g.valid());
    SlotSet expected;
    for (int slot = 0; slot < kSlots; ++slot) {
      if (g.barriers.contains(slot)) continue;
      SlotSet with = g.barriers;
      with.add(slot);
      if (!HomeGrid{with, g.pawn}.valid()) expected.add(slot);
    }
    ASSERT_EQ(g.cutting_slots(), expected) << home_grid_text(g);
    cuts += expected.count();
    ++grids;
  }
  EXPECT_EQ(grids, 400);
  EXPECT_GT(cuts, 400);  // the grids are tight enough for cuts to matter
}

}  // namespace
}  // namespace mw::pathfinder_barriers
