// Names of squares and slots, the action notation, the whole-grid and whole-path texts, and the
// JSON body.
#include <gtest/gtest.h>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

TEST(PathfinderNotation, SquaresAndSlotsRoundTrip) {
  for (int q = 0; q < kSquares; ++q) EXPECT_EQ(parse_square(square_name(q)), q);
  EXPECT_EQ(square_name(0), "A-1");
  EXPECT_EQ(square_name(35), "F-6");
  EXPECT_EQ(parse_square("b1"), parse_square("B-1"));
  for (int slot = 0; slot < kSlots; ++slot) EXPECT_EQ(parse_slot(slot_name(slot)), slot) << slot;
  EXPECT_EQ(slot_name(parse_slot("B-4|B-3")), "B-3|B-4");
  EXPECT_EQ(slot_name(parse_slot("L(C)")), "|C-1");
  EXPECT_EQ(slot_name(parse_slot("V(B,3)")), "B-3|B-4");
  EXPECT_EQ(slot_name(parse_slot("H(E,1)")), "E-1|F-1");
  EXPECT_EQ(parse_slot("B-2|C-3"), -1);  // not neighbours
  EXPECT_EQ(parse_slot("|C-2"), -1);     // entry slots are in column 1 only
  EXPECT_EQ(parse_square("G-1"), -1);
}

TEST(PathfinderNotation, ActionsReadAndWrite) {
  State s = State::initial(load().options());
  EXPECT_EQ(s.parse_action("pawn e-5"), kPawnBase + sq("E-5"));
  EXPECT_EQ(s.parse_action("E5"), kPawnBase + sq("E-5"));
  EXPECT_EQ(s.action_to_string(kPawnBase + sq("E-5")), "pawn E-5");
  play(s, "pawn E-5");
  EXPECT_EQ(s.parse_action("bar B-3|B-4"), kBarrierBase + parse_slot("B-3|B-4"));
  EXPECT_EQ(s.parse_action("|c-1"), kBarrierBase + parse_slot("|C-1"));
  EXPECT_EQ(s.action_to_string(kBarrierBase + parse_slot("|C-1")), "bar |C-1");
  EXPECT_EQ(s.parse_action("DONE"), kDone);
  EXPECT_EQ(error_of([&] { s.parse_action("zz"); }, ErrorCode::kParse),
            "'zz' is not setup notation: expected 'pawn E-5', a barrier slot ('bar B-3|B-4', "
            "'E-1|F-1', '|C-1'), 'done', or a whole grid 'E-5: |C-1 E-1|F-1 ...'");
  State f = figure3();
  EXPECT_EQ(f.parse_action("B-1"), kEnterBase + 1);
  EXPECT_EQ(f.parse_action("enter b"), kEnterBase + 1);
  EXPECT_EQ(f.action_to_string(kEnterBase + 1), "enter B-1");
  play(f, "enter B-1");
  EXPECT_EQ(f.parse_action("right"), kMoveBase + 1);
  EXPECT_EQ(f.parse_action("B-2"), kMoveBase + 1);
  EXPECT_EQ(f.action_to_string(kMoveBase + 1), "B-1>B-2");
  EXPECT_EQ(f.parse_action("b-1>out"), kExit);
  EXPECT_EQ(error_of([&] { f.parse_action("C-2>C-3"); }, ErrorCode::kParse),
            "your explorer is on B-1, not C-2");
  EXPECT_EQ(error_of([&] { f.parse_action("B-4"); }, ErrorCode::kParse),
            "B-1 and B-4 are not next to each other: move one square at a time");
}

TEST(PathfinderNotation, AWholeHomeGridIsOneTextOrJson) {
  const HomeGrid g = parse_home_grid(kFigure3);
  EXPECT_EQ(parse_home_grid(home_grid_text(g)), g);
  EXPECT_EQ(home_grid_from_json(home_grid_json(g)), g);
  EXPECT_EQ(parse_home_grid(home_grid_json(g).dump()), g);
  State s = State::initial(load().options());
  const auto actions = s.parse_actions(kFigure3);
  ASSERT_EQ(actions.size(), 12u);  // pawn, 10 chips, done
  EXPECT_EQ(actions.front(), kPawnBase + sq("E-5"));
  EXPECT_EQ(actions.back(), kDone);
  EXPECT_EQ(
      error_of([&] { s.parse_actions("C-3: B-3|C-3 C-3|D-3 C-2|C-3 C-3|C-4"); }, ErrorCode::kParse),
      "that home grid is not valid: no route leads from a column-1 square to the pawn on "
      "C-3: it is walled in");
  EXPECT_EQ(error_of([&] { parse_home_grid("E-5: B-3|B-4 B-4|B-3"); }, ErrorCode::kParse),
            "slot B-4|B-3 is listed twice");
  EXPECT_EQ(error_of([&] { parse_home_grid("E-5 B-3|B-4"); }, ErrorCode::kParse),
            "a home grid is written 'PAWN: SLOT SLOT ...', e.g. 'E-5: |C-1 E-1|F-1 F-5|F-6'");
  EXPECT_EQ(error_of([&] { parse_home_grid("E-5: B-3|C-4"); }, ErrorCode::kParse),
            "'B-3|C-4' is not a slot; write 'B-3|B-4', 'E-1|F-1' or '|C-1'");
  // Comma-separated single placements also work.
  const auto some = s.parse_actions("pawn A-1, bar A-1|A-2, done");
  EXPECT_EQ(some, (std::vector<Action>{kPawnBase, kBarrierBase + parse_slot("A-1|A-2"), kDone}));
}

// A grid typed as JSON is depth-checked before it is parsed or quoted: 60,000 brackets (a 120 KB
// line) overflowed the stack, and a long value is quoted only in part.
TEST(PathfinderNotation, ADeeplyNestedOrHugeJsonGridIsRefusedWithAShortMessage) {
  const std::string deep = std::string(60'000, '[') + std::string(60'000, ']');
  const std::string message = error_of(
      [&] { parse_home_grid(R"({"pawn": "E-5", "barriers": )" + deep + "}"); }, ErrorCode::kParse);
  EXPECT_EQ(message, "the home grid is nested deeper than 64 levels");
  State s = State::initial(load().options());
  EXPECT_EQ(error_of([&] { s.parse_actions(R"({"pawn": "E-5", "barriers": )" + deep + "}"); },
                     ErrorCode::kParse),
            message);
  const std::string wide = R"({"pawn": [")" + std::string(10'000, 'x') + R"("], "barriers": []})";
  EXPECT_LT(error_of([&] { parse_home_grid(wide); }, ErrorCode::kParse).size(), 120u);
  EXPECT_LT(
      error_of([&] { parse_home_grid("{" + std::string(10'000, 'x')); }, ErrorCode::kParse).size(),
      160u);
}

TEST(PathfinderNotation, PathsAreCheckedOnPublicFactsOnly) {
  State s = figure3();
  // The diagonal is reported whatever the hidden answers before it would be.
  EXPECT_EQ(error_of([&] { s.parse_actions("B-1>B-2>C-3"); }, ErrorCode::kParse),
            "B-2 to C-3 is a diagonal move: diagonal movement is not allowed");
  EXPECT_EQ(error_of([&] { s.parse_actions("D-1>exit>B-1"); }, ErrorCode::kParse),
            "the turn ends on exiting: nothing may follow 'exit'");
  const auto path = s.parse_actions("enter D-1 > D-2 > D-1 > exit");
  EXPECT_EQ(path.size(), 4u);
}

TEST(PathfinderJson, BodiesRoundTripAndBadOnesAreRefused) {
  State s = figure3();
  play(s, "enter B-1");
  play(s, "B-1>B-2");
  play(s, "B-2>B-3");
  play(s, "B-3>B-4");
  const Game game = load({{"firstPlayer", "north"}});
  const State back = State::from_json(s.to_json(), game.options());
  EXPECT_EQ(back.to_json(), s.to_json());
  EXPECT_EQ(back.view(0), s.view(0));
  Json bad = s.to_json();
  bad["tracking"][0]["blocked"] = Json::array({"B-1|B-2"});
  EXPECT_EQ(error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState),
            "pathfinder-barriers state: North's tracking grid has a slot both open and blocked");
  bad = s.to_json();
  bad["homes"][1]["pawn"] = "B-2";
  EXPECT_NE(error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState), "");
  bad = s.to_json();
  bad["nope"] = 1;
  EXPECT_NE(error_of([&] { State::from_json(bad, game.options()); }, ErrorCode::kBadState)
                .find("unknown member \"nope\""),
            std::string::npos);
}

}  // namespace
}  // namespace mw::pathfinder_barriers
