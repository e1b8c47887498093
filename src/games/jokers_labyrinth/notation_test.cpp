// Notation: every form round-trips; malformed text names what was expected.
#include <gtest/gtest.h>

#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

TEST(JokersLabyrinthNotation, CellsAndCards) {
  EXPECT_EQ(cell_name(cell_at(1, 1)), "a1");
  EXPECT_EQ(cell_name(cell_at(0, 1)), "a0");
  EXPECT_EQ(cell_name(cell_at(8, 8)), "h8");
  EXPECT_EQ(cell_name(kCenter), "d4");
  EXPECT_EQ(parse_cell("D4"), kCenter);
  EXPECT_EQ(parse_cell("i4"), -1);
  EXPECT_EQ(phys_name(card("9H*")), "9H*");
  EXPECT_EQ(deck_of(card("9H*")), 1);
  EXPECT_EQ(deck_of(card("9H")), 0);
  EXPECT_EQ(parse_phys("x"), -1);
}

TEST(JokersLabyrinthNotation, EveryActionKindRoundTrips) {
  const State s = initial({{"players", 4}});
  for (Action a = 0; a < kNumActions; ++a) {
    if (a >= kDecisionEnd && a < kChanceFirst) continue;
    if (a >= kPay && a < kPayEnd && (a - kPay) / kNumPhys >= (a - kPay) % kNumPhys) continue;
    if (a >= kRelocate && a < kPay && (a - kRelocate) % 16 / 4 >= (a - kRelocate) % 4) continue;
    if (a > kNoCard && a < kSuit && a != kDone && a != kKeep && a != kDiscard && a != kTakeDebt)
      continue;
    const std::string text = s.action_to_string(a);
    if (text.rfind("action ", 0) == 0) continue;  // unused codes
    EXPECT_EQ(s.parse_action(text), a) << text;
  }
}

TEST(JokersLabyrinthNotation, CaseAndShortForms) {
  const State s = setup();
  EXPECT_EQ(s.parse_action("REVEAL U"), kReveal + 0);
  EXPECT_EQ(s.parse_action("move l"), kMove + 3);
  EXPECT_EQ(s.parse_action("pay 7h 5d"), kPay + card("5D") * kNumPhys + card("7H"));
  EXPECT_EQ(s.parse_action("Use 10d*"), kValueCard + card("10D*"));
}

TEST(JokersLabyrinthNotation, ErrorsSayWhatWasExpected) {
  const State s = setup();
  for (const char* bad : {"", "reveal", "reveal north-ish", "use ZZ", "pay 5D 5D", "swap QH P2 P1",
                          "shuffle AS a1", "die 7", "fly"}) {
    const std::string e = error_of([&] { s.parse_action(bad); }, ErrorCode::kParse);
    EXPECT_NE(e.find("expected"), std::string::npos) << bad << ": " << e;
  }
}

// A whole turn in one text: the decisions up to the point where chance or another seat acts.
TEST(JokersLabyrinthNotation, AWholeTurnInOneText) {
  State s = setup("H", "a0", "S", "h7");
  EXPECT_EQ(s.parse_actions("move right; move right, end"),
            (std::vector<Action>{kMove + 1, kMove + 1, kEndTurn}));
  EXPECT_EQ(s.parse_actions("move right"), std::vector<Action>{kMove + 1});
  // A Reveal turns a card up (chance): the sequence stops there.
  EXPECT_EQ(s.parse_actions("reveal down; move down"), std::vector<Action>{kReveal + 2});
  // An illegal decision ends the sequence where it falls; the caller reports it.
  EXPECT_EQ(s.parse_actions("move up; end"), std::vector<Action>{kMove + 0});
  EXPECT_NE(error_of([&] { s.parse_actions("move right; fly away"); }, ErrorCode::kParse), "");
  // The same through the type-erased state the CLI and the protocol use.
  EXPECT_EQ(mw::make_state(load(), s).parse_actions("move right; end").size(), 2u);
}

}  // namespace
}  // namespace mw::jokers_labyrinth
