// The action notation (docs/rules/treasure-hunt.md): swaps by cards or cells, steps, deals and
// the first-player draw; round trips and errors.
#include <gtest/gtest.h>

#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

void expect_round_trips(const State& s) {
  ActionList legal;
  s.legal_actions(legal);
  for (Action a : legal) {
    const std::string text = s.action_to_string(a);
    EXPECT_EQ(s.parse_action(text), a) << text << " in " << s.to_json().dump();
    // A swap or a step as written is read without splitting words; the long way, which a
    // leading verb takes, must read it the same.
    if (a >= kSwapBase && a < kDealBase) {
      const std::string verb = a < kStepBase ? "swap " : "step ";
      EXPECT_EQ(s.parse_action(verb + text), a) << verb + text;
    }
  }
}

TEST(TreasureHuntNotation, EveryLegalActionRoundTripsInRandomPositions) {
  for (const Json& options : {Json::object(), specialized_options()}) {
    const Game game = load(options);
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList scratch;
      for (int i = 0; i < 200 && !s.is_terminal(); ++i) {
        expect_round_trips(s);
        play_random_actions(s, rng, 1, scratch);
      }
    }
  }
}

TEST(TreasureHuntNotation, SwapsByCardsOrByCells) {
  const State s = fixture();
  const Action a = s.parse_action("2D-3D");
  EXPECT_EQ(a, kSwapBase + cell("a1") * kCells + cell("a4"));
  EXPECT_EQ(s.action_to_string(a), "3D-2D");  // in cell order
  for (const char* text :
       {"3D-2D", "a1-a4", "a4-a1", "A1-A4", "swap 2D 3D", "2d 3d", "2♦-3♦", "a1-2D", "2D,3D"}) {
    EXPECT_EQ(s.parse_action(text), a) << text;
  }
  EXPECT_EQ(s.parse_action("10D-4D"), kSwapBase + cell("d3") * kCells + cell("e3"));
  EXPECT_EQ(s.parse_action("TD-4D"), s.parse_action("10D-4D"));
}

TEST(TreasureHuntNotation, Steps) {
  State s = fixture();
  play(s, "3C-2H");
  const std::vector<std::pair<Dir, std::vector<const char*>>> names = {
      {Dir::kUp, {"up", "u", "n", "north", "UP", "step up"}},
      {Dir::kRight, {"right", "r", "e", "east"}},
      {Dir::kDown, {"down", "d", "s", "south", "move down"}},
      {Dir::kLeft, {"left", "l", "w", "west"}},
  };
  for (const auto& [dir, texts] : names) {
    const Action expected = kStepBase + static_cast<int>(dir);
    EXPECT_EQ(s.action_to_string(expected), dir_name(dir));
    for (const char* text : texts) EXPECT_EQ(s.parse_action(text), expected) << text;
  }
}

TEST(TreasureHuntNotation, DealsAndTheFirstPlayer) {
  const State s = State::initial(load().options());
  EXPECT_EQ(s.parse_action("deal 7D"), kDealBase + 6);
  EXPECT_EQ(s.action_to_string(kDealBase + 6), "deal 7D");
  EXPECT_EQ(s.parse_action("deal 10♦"), kDealBase + 9);
  EXPECT_EQ(s.parse_action("first green"), kFirstPlayerBase);
  EXPECT_EQ(s.parse_action("first Purple"), kFirstPlayerBase + 1);
  EXPECT_EQ(s.action_to_string(kFirstPlayerBase + 1), "first purple");
  // Before the deal, swaps are named by cells.
  EXPECT_EQ(s.action_to_string(kSwapBase + 1), "a1-b1");
}

TEST(TreasureHuntNotation, SpecializedLowerCaseCellsWinOverBlueCards) {
  Json body = Json::parse(R"({
    "phase": "swap", "to_move": 0,
    "board": [["T1", "T2", "T3", "T4", "T5"], ["T6", "T7", "T8", "T9", "R1"],
              ["R2", "R3", "R4", "B1", "B2"], ["B3", "B4", "Y1", "Y2", "Y3"],
              ["Y4", "G1", "G2", "G3", "G4"]],
    "pawns": ["c3", "c3"], "scores": [0, 0], "treasure": "T1"})");
  const State s = from_body(body, specialized_options());
  // "b3" is the cell b3 (R3); "B3" is the Blue 3 card (a4).
  EXPECT_EQ(s.parse_action("b3-b4"), kSwapBase + cell("b3") * kCells + cell("b4"));
  EXPECT_EQ(s.parse_action("B3-B4"), kSwapBase + cell("a4") * kCells + cell("b4"));
  EXPECT_EQ(s.action_to_string(kSwapBase + cell("a4") * kCells + cell("b4")), "B3-B4");
  EXPECT_EQ(s.parse_action("deal g2"), kDealBase + 22);
}

TEST(TreasureHuntNotation, ErrorsSayWhatWasExpected) {
  const State s = fixture();
  auto error = [&](const char* text) {
    return error_of([&] { s.parse_action(text); }, ErrorCode::kParse);
  };
  EXPECT_EQ(error("2D"),
            "'2D' is not Treasure Hunt notation: expected a swap of two cards or cells in one row "
            "or column ('2D-3D', 'a1-a4') or a step ('up', 'right', 'down', 'left')");
  EXPECT_EQ(error(""),
            "'' is not Treasure Hunt notation: expected a swap of two cards or cells in one row "
            "or column ('2D-3D', 'a1-a4') or a step ('up', 'right', 'down', 'left')");
  EXPECT_EQ(error("ZZ-3D"),
            "'ZZ' is not a dealt card or a cell; a swap names two cards or cells, like '2D-3D' "
            "or 'a1-a4'");
  EXPECT_EQ(error("a1-f9"),
            "'f9' is not a dealt card or a cell; a swap names two cards or cells, like '2D-3D' "
            "or 'a1-a4'");
  EXPECT_EQ(error("deal 1X"), "'1X' is not a card of this deck");
  EXPECT_EQ(error("deal T3"), "'T3' is not a card of this deck");
  EXPECT_EQ(error("first blue"), "expected 'first green' or 'first purple'");
  EXPECT_NE(error("up down left"), "");
}

TEST(TreasureHuntNotation, CardAndCellNames) {
  EXPECT_EQ(cell_name(0), "a1");
  EXPECT_EQ(cell_name(24), "e5");
  EXPECT_EQ(cell_name(cell("d2")), "d2");
  EXPECT_EQ(parse_cell("f1"), -1);
  EXPECT_EQ(parse_cell("a6"), -1);
  EXPECT_EQ(parse_cell("a10"), -1);
  EXPECT_EQ(card_code(DeckKind::kStandard, 9), "10D");
  EXPECT_EQ(card_display(DeckKind::kStandard, 9), "10♦");
  EXPECT_EQ(card_code(DeckKind::kStandard, 13), "AC");
  EXPECT_EQ(card_code(DeckKind::kStandard, 20), "4H");
  EXPECT_EQ(card_code(DeckKind::kStandard, 24), "4S");
  EXPECT_EQ(card_code(DeckKind::kSpecialized, 8), "T9");
  EXPECT_EQ(card_code(DeckKind::kSpecialized, 9), "R1");
  EXPECT_EQ(card_code(DeckKind::kSpecialized, 24), "G4");
  EXPECT_EQ(parse_card_code(DeckKind::kStandard, "5S"), -1);  // not in the 25-card deck
  for (DeckKind deck : {DeckKind::kStandard, DeckKind::kSpecialized}) {
    for (int card = 0; card < kNumCards; ++card) {
      EXPECT_EQ(parse_card_code(deck, card_code(deck, card)), card);
    }
  }
}

}  // namespace
}  // namespace mw::treasure_hunt
