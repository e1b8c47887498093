// The rules of RULINGS.md G3 and the worked examples of G3.7, on the canonical fixture.
#include <gtest/gtest.h>

#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

// ---- G3.7 #1: which swaps are legal, and why not -------------------------------------------

TEST(TreasureHuntSwap, ExamplesOfLegalSwaps) {
  const State s = fixture();
  ActionList legal;
  s.legal_actions(legal);
  for (const char* swap : {"2D-3D", "4H-3S", "6D-3H"}) {
    EXPECT_EQ(reason(s, swap), "") << swap;
    EXPECT_NE(std::find(legal.begin(), legal.end(), s.parse_action(swap)), legal.end()) << swap;
  }
}

TEST(TreasureHuntSwap, Rule1SameRowOrColumn) {
  const State s = fixture();
  // A swap is one action whatever the order it was written in: the cards are named in cell order.
  EXPECT_EQ(reason(s, "AS-7D"), "7D and AS are not in the same row or column (rule 1)");
  EXPECT_EQ(reason(s, "a1-b2"), "3D and 3C are not in the same row or column (rule 1)");
}

TEST(TreasureHuntSwap, Rule2NoPawnNoTreasureMarker) {
  const State s = fixture();
  EXPECT_EQ(reason(s, "9D-4S"), "4S carries Purple's pawn (rule 2)");
  EXPECT_EQ(reason(s, "2C-AH"), "2C carries Green's pawn (rule 2)");
  EXPECT_EQ(reason(s, "4D-QD"), "4D carries the Treasure Marker (rule 2)");
  EXPECT_EQ(reason(s, "5D-4D"), "4D carries the Treasure Marker (rule 2)");
}

TEST(TreasureHuntSwap, Rule3NotTheOpponentsLastSwap) {
  const State s = fixture();  // Purple swapped 7D and KD on the prior turn
  EXPECT_EQ(reason(s, "3D-7D"), "7D was moved by Purple on the prior turn (rule 3)");
  EXPECT_EQ(reason(s, "KD-JD"), "KD was moved by Purple on the prior turn (rule 3)");
  EXPECT_EQ(reason(s, "7D-9D"), "7D was moved by Purple on the prior turn (rule 3)");
}

TEST(TreasureHuntSwap, Rule3LocksOnlyTheImmediatelyPriorTurn) {
  State s = fixture();
  play(s, "3C-2H");
  play(s, "down");  // Green's turn: Purple may not move 3C or 2H, but 7D and KD are free again
  EXPECT_EQ(reason(s, "3D-7D"), "");
  EXPECT_EQ(reason(s, "3C-AC"), "3C was moved by Green on the prior turn (rule 3)");
  EXPECT_EQ(reason(s, "a2-b2"), "2H was moved by Green on the prior turn (rule 3)");
}

TEST(TreasureHuntSwap, LegalSwapsAreExactlyTheFreeSameLinePairs) {
  const State s = fixture();
  const std::uint32_t blocked =
      1u << cell("e2") | 1u << cell("a5") | 1u << cell("d3") | 1u << cell("b1") | 1u << cell("c1");
  ActionList expected;
  for (int a = 0; a < kCells; ++a) {
    for (int b = a + 1; b < kCells; ++b) {
      const bool same_line = a / kSize == b / kSize || a % kSize == b % kSize;
      if (same_line && (blocked >> a & 1) == 0 && (blocked >> b & 1) == 0) {
        expected.push_back(a * kCells + b);
      }
    }
  }
  ActionList legal;
  s.legal_actions(legal);
  EXPECT_EQ(legal, expected);
  EXPECT_EQ(legal.size(), 61u);
}

TEST(TreasureHuntSwap, TheSwapExchangesTheTwoCardsAndComesBeforeTheStep) {
  State s = fixture();
  EXPECT_EQ(reason(s, "up"), "first swap two cards; the step comes after the swap");
  play(s, "2D-3D");
  EXPECT_EQ(s.card_at(cell("a1")), parse_card_code(DeckKind::kStandard, "2D"));
  EXPECT_EQ(s.card_at(cell("a4")), parse_card_code(DeckKind::kStandard, "3D"));
  EXPECT_EQ(s.phase(), Phase::kStep);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(reason(s, "4H-3S"), "the swap is done; now step the pawn");
}

TEST(TreasureHuntSwap, ASwapIsEncodedLowerCellFirst) {
  const State s = fixture();
  const Action canonical = s.parse_action("a1-a4");  // 0 * 25 + 15
  EXPECT_EQ(canonical, 15);
  EXPECT_EQ(s.parse_action("a4-a1"), canonical);
  EXPECT_EQ(s.illegal_reason(15 * kCells + 0),
            "a swap of cells a < b is encoded a * 25 + b: a1-a4 is 15");
  EXPECT_EQ(s.illegal_reason(3 * kCells + 3), "a swap needs two different cards");
}

// ---- G3.7 #2-#4: Figures 1 and 2 --------------------------------------------------------------

TEST(TreasureHuntFigure1, AlternativeA_AceOfHeartsUpThenJackOfDiamondsOffTheBoard) {
  State s = fixture();
  play(s, "3C-2H");
  play(s, "left");  // onto AH (d2): 1 up to JD (d1); "11 spaces down" is impossible
  EXPECT_EQ(s.pawn(0), cell("d1"));
  EXPECT_EQ(s.score(0), 1);
  EXPECT_EQ(s.treasure(), parse_card_code(DeckKind::kStandard, "4D"));
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.phase(), Phase::kSwap);
}

TEST(TreasureHuntFigure1, AlternativeB_TenOfDiamondsDownIsImpossible) {
  State s = fixture();
  play(s, "3C-2H");
  play(s, "down");
  EXPECT_EQ(s.pawn(0), cell("e3"));
  EXPECT_EQ(s.involuntary_destination(cell("e3")), cell("e3"));
  EXPECT_EQ(s.score(0), 1);
}

TEST(TreasureHuntFigure2, SwapThenUpRidesFourClubsTwoDiamondsThreeSpadesToTheTreasure) {
  State s = fixture();
  play(s, "2D-3D");
  play(s, "up");  // 4C: 4 left to 2D (a1), 2 down to 3S (a3), 3 right to 4D (d3) = Treasure
  EXPECT_EQ(s.pawn(0), cell("d3"));
  EXPECT_EQ(s.score(0), 1 + 4);
  EXPECT_EQ(s.score(1), 5);
  EXPECT_EQ(s.treasure(), parse_card_code(DeckKind::kStandard, "5D"));
  EXPECT_EQ(s.treasure_cell(), cell("d4"));
}

TEST(TreasureHuntFigure2, WithoutTheSwapTheChainEndsElsewhere) {
  State s = fixture();
  play(s, "3C-2H");
  play(s, "up");  // 4C to 3D (a1), 3 down to 2D (a4), 2 down is off the board
  EXPECT_EQ(s.pawn(0), cell("a4"));
  EXPECT_EQ(s.score(0), 1);
}

// ---- G3.7 #5: Purple's wish after Figure 2 ----------------------------------------------------

State after_figure2() {
  State s = fixture();
  play(s, "2D-3D");
  play(s, "up");
  return s;
}

TEST(TreasureHuntFigure2, FollowUpPurpleMayNotMoveTheThreeOfDiamonds) {
  const State s = after_figure2();
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(reason(s, "3D-3S"), "3D was moved by Green on the prior turn (rule 3)");
  EXPECT_EQ(reason(s, "a4-a3"), "3D was moved by Green on the prior turn (rule 3)");
}

TEST(TreasureHuntFigure2, FollowUpControlWithoutTheLockPurpleScoresFive) {
  Json body = after_figure2().to_json();
  body["locked"] = {"JD", "4C"};  // as on a later turn, another swap
  State s = from_body(body);
  play(s, "3D-3S");
  play(s, "up");  // onto 3S (a4): 3 right to 5D (d4) = Treasure
  EXPECT_EQ(s.pawn(1), cell("d4"));
  EXPECT_EQ(s.score(1), 5 + 5);
  EXPECT_EQ(s.treasure(), parse_card_code(DeckKind::kStandard, "6D"));
}

// ---- G3.7 #6: cycles (A-G3-3) -----------------------------------------------------------------

// AD (scored, so not the Treasure) on b3 above AH on b4; Green on 9D (b5) below them.
Json cycle_body() {
  Json body = fixture_body();
  body["board"] = Json::parse(R"([["3D", "7D", "KD", "JD", "4C"],
                                  ["AC", "3C", "2H", "4H", "2C"],
                                  ["3S", "AD", "QD", "4D", "10D"],
                                  ["2D", "AH", "2S", "5D", "8D"],
                                  ["4S", "9D", "3H", "AS", "6D"]])");
  body["pawns"] = {"b5", "a5"};
  return body;
}

TEST(TreasureHuntCycle, StopBeforeRepeatEndsOnTheAceOfDiamonds) {
  State s = from_body(cycle_body());
  EXPECT_EQ(s.involuntary_destination(cell("b4")), cell("b3"));
  play(s, "6D-3H");
  play(s, "up");  // AH: 1 up to AD; AD: 1 down to AH, already visited: stop on AD
  EXPECT_EQ(s.pawn(0), cell("b3"));
}

TEST(TreasureHuntCycle, StopOnRepeatEndsOnTheAceOfHearts) {
  State s = from_body(cycle_body(), {{"cycleRule", "stopOnRepeat"}});
  play(s, "6D-3H");
  play(s, "up");
  EXPECT_EQ(s.pawn(0), cell("b4"));
}

TEST(TreasureHuntCycle, ALongerCycleAlsoStops) {
  // 2S (a3) sends 2 right to 2C (c3), which sends 2 left back to 2S.
  Json body = fixture_body();
  body["board"] = Json::parse(R"([["3D", "7D", "KD", "JD", "4C"],
                                  ["AC", "3C", "2H", "AH", "3S"],
                                  ["2S", "4H", "2C", "4D", "10D"],
                                  ["2D", "AD", "QD", "5D", "8D"],
                                  ["4S", "9D", "3H", "AS", "6D"]])");
  body["pawns"] = {"e2", "a5"};
  EXPECT_EQ(from_body(body).involuntary_destination(cell("a3")), cell("c3"));
  EXPECT_EQ(from_body(body, {{"cycleRule", "stopOnRepeat"}}).involuntary_destination(cell("a3")),
            cell("a3"));
}

// ---- G3.7 #7: a pawn that starts on the Treasure Card ----------------------------------------

// Green on the Treasure (4D, d3); AC on e3 sends a pawn 1 left, back onto it.
Json start_on_treasure_body() {
  Json body = fixture_body();
  body["board"][1][0] = "10D";
  body["board"][2][4] = "AC";
  body["pawns"] = {"d3", "a5"};
  return body;
}

TEST(TreasureHuntStartOnTreasure, MustStepOffAndScoresOnlyIfCarriedBack) {
  State s = from_body(start_on_treasure_body());
  play(s, "3C-2H");
  ActionList steps;
  s.legal_actions(steps);
  EXPECT_EQ(steps.size(), 4u);  // there is no "stay"
  State back = s;
  play(back, "right");  // AC: 1 left, back onto 4D
  EXPECT_EQ(back.pawn(0), cell("d3"));
  EXPECT_EQ(back.score(0), 1 + 4);
  State away = s;
  play(away, "up");  // AH: 1 up to JD, which cannot move 11 down
  EXPECT_EQ(away.pawn(0), cell("d1"));
  EXPECT_EQ(away.score(0), 1);
}

TEST(TreasureHuntMovement, SteppingOntoTheTreasureScoresAtOnce) {
  Json body = fixture_body();
  body["pawns"] = {"d2", "a5"};  // Green on AH, right above 4D
  State s = from_body(body);
  play(s, "3C-2H");
  play(s, "down");
  EXPECT_EQ(s.pawn(0), cell("d3"));
  EXPECT_EQ(s.score(0), 1 + 4);
}

TEST(TreasureHuntMovement, TheTreasureStopsAChainPassingThrough) {
  // After Figure 2: 4C (e1) sends a pawn to 2D, 3S and 4D, whose 4 down is off the board.
  const State s = after_figure2();
  EXPECT_EQ(s.involuntary_destination(cell("e1")), cell("d3"));
  Json body = s.to_json();
  body["treasure"] = "2D";  // were 2D the Treasure, the chain would stop on it
  body["scores"] = {1, 0};  // only the Ace scored before it
  EXPECT_EQ(from_body(body).involuntary_destination(cell("e1")), cell("a1"));
}

TEST(TreasureHuntMovement, PawnsMayShareACardAndDoNotBlock) {
  Json body = fixture_body();
  body["pawns"] = {"e2", "e3"};  // Purple on 10D, just below Green (A-G3-9)
  State s = from_body(body);
  play(s, "3C-2H");
  play(s, "down");
  EXPECT_EQ(s.pawn(0), cell("e3"));
  EXPECT_EQ(s.pawn(1), cell("e3"));
}

TEST(TreasureHuntMovement, StepsThatLeaveTheBoardAreIllegal) {
  State s = fixture();
  play(s, "3C-2H");
  EXPECT_EQ(reason(s, "right"), "stepping right leaves the board");
  ActionList steps;
  s.legal_actions(steps);
  EXPECT_EQ(steps, (ActionList{kStepBase + 0, kStepBase + 2, kStepBase + 3}));
}

TEST(TreasureHuntMovement, IllegalReasonNamesOutOfRangeAndFinishedGames) {
  const State s = fixture();
  EXPECT_EQ(s.illegal_reason(999), "999 is not a Treasure Hunt action");
  EXPECT_EQ(s.illegal_reason(-1), "-1 is not a Treasure Hunt action");
  EXPECT_EQ(s.illegal_reason(kDealBase), "first swap two cards; the step comes after the swap");
  Json body = fixture_body();
  body["phase"] = "over";
  body["winner"] = 1;  // turn 6 of turnLimit=6: over, Purple leads 5-1
  EXPECT_EQ(from_body(body, {{"turnLimit", 6}}).illegal_reason(0), "the game is over");
}

// ---- G3.7 #8: the end of the standard game ----------------------------------------------------

// Green on 2H (c2), right below KD (c1), the last Treasure.
State king_position(int green, int purple) {
  Json body = fixture_body();
  body["pawns"] = {"c2", "a5"};
  body["treasure"] = "KD";
  body["scores"] = {green, purple};
  return from_body(body);
}

TEST(TreasureHuntEnd, ScoringTheKingEndsTheGameAndTheMostPointsWin) {
  State s = king_position(40, 38);
  play(s, "AC-3C");
  play(s, "up");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.current_player(), kTerminalPlayer);
  EXPECT_EQ(s.score(0), 53);
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.returns(), (std::vector<double>{1.0, -1.0}));
}

TEST(TreasureHuntEnd, TheScorerOfTheKingCanStillLose) {
  State s = king_position(30, 48);
  play(s, "AC-3C");
  play(s, "up");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 1);
  EXPECT_EQ(s.returns(), (std::vector<double>{-1.0, 1.0}));
}

TEST(TreasureHuntEnd, RandomGamesTotal91AndNeverTie) {
  const Game game = load();
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    const State s = random_position(game, seed, 10'000'000);
    ASSERT_TRUE(s.is_terminal()) << seed;
    EXPECT_EQ(s.score(0) + s.score(1), 91) << seed;
    EXPECT_EQ(s.treasure(), 12) << seed;  // the King of Diamonds was the last one scored
    EXPECT_EQ(s.winner(), s.score(0) > s.score(1) ? 0 : 1) << seed;
    EXPECT_EQ(s.returns()[0] + s.returns()[1], 0.0) << seed;
    EXPECT_NE(s.returns()[0], 0.0) << seed;
  }
}

TEST(TreasureHuntEnd, TheTreasuresAreScoredInOrder) {
  const Game game = load();
  State s = random_position(game, 5, 26);
  Rng rng(5);
  ActionList legal;
  int expected = 0;
  while (!s.is_terminal()) {
    s.legal_actions(legal);
    const int before = s.score(0) + s.score(1);
    s.apply_legal(legal[rng.below(legal.size())]);
    const int gained = s.score(0) + s.score(1) - before;
    if (gained > 0) {
      EXPECT_EQ(gained, ++expected);
    }
  }
  EXPECT_EQ(expected, 13);
}

// ---- turnLimit ----------------------------------------------------------------------------------

TEST(TreasureHuntTurnLimit, EndsAfterThatManyTurnsAndTheMostPointsWin) {
  const Game game = load({{"turnLimit", 3}});
  State s = random_position(game, 1, 26);  // the deal and the first player
  Rng rng(1);
  ActionList legal;
  for (int decision = 0; decision < 6; ++decision) {
    ASSERT_FALSE(s.is_terminal()) << decision;
    s.legal_actions(legal);
    s.apply_legal(legal[rng.below(legal.size())]);
  }
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.turn(), 3);
}

TEST(TreasureHuntTurnLimit, EqualScoresAreADraw) {
  Json body = fixture_body();
  body["scores"] = {3, 3};
  State s = from_body(body, {{"turnLimit", 7}});  // the fixture is at turn 6
  play(s, "3C-2H");
  play(s, "down");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), -1);
  EXPECT_EQ(s.returns(), (std::vector<double>{0.0, 0.0}));

  State lead = fixture({{"turnLimit", 7}});  // 1 to 5
  play(lead, "3C-2H");
  play(lead, "down");
  EXPECT_EQ(lead.winner(), 1);
}

// ---- G3.2: the deal and the first player --------------------------------------------------------

TEST(TreasureHuntDeal, TwentyFiveUniformChanceNodesInRowMajorOrder) {
  const Game game = load();
  State s = State::initial(game.options());
  Rng rng(11);
  for (int dealt = 0; dealt < kCells; ++dealt) {
    ASSERT_EQ(s.current_player(), kChancePlayer);
    ASSERT_EQ(s.phase(), Phase::kDeal);
    const auto outcomes = s.chance_outcomes();
    ASSERT_EQ(static_cast<int>(outcomes.size()), kCells - dealt);
    double total = 0;
    ActionList legal;
    s.legal_actions(legal);
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      EXPECT_DOUBLE_EQ(outcomes[i].probability, 1.0 / (kCells - dealt));
      EXPECT_EQ(outcomes[i].action, legal[i]);
      total += outcomes[i].probability;
    }
    EXPECT_NEAR(total, 1.0, 1e-12);
    const Action deal = s.sample_chance(rng);
    EXPECT_EQ(s.illegal_reason(deal), "");
    s.apply_legal(deal);
    EXPECT_EQ(s.card_at(dealt), deal - kDealBase);
    if (dealt + 1 < kCells) {
      EXPECT_EQ(
          s.illegal_reason(deal),
          card_code(DeckKind::kStandard, static_cast<int>(deal - kDealBase)) + " is already dealt");
    }
  }
  EXPECT_EQ(s.phase(), Phase::kChooseFirst);
  EXPECT_EQ(s.treasure(), 0);  // the Ace of Diamonds, wherever it lies
  EXPECT_EQ(s.pawn(0), kCenterCell);
  EXPECT_EQ(s.pawn(1), kCenterCell);
}

TEST(TreasureHuntDeal, SampleChanceIsUniform) {
  const State s = State::initial(load().options());
  Rng rng(2024);
  std::array<int, kNumCards> counts{};
  constexpr int kSamples = 50'000;
  for (int i = 0; i < kSamples; ++i) ++counts[s.sample_chance(rng) - kDealBase];
  double chi2 = 0;
  const double expected = static_cast<double>(kSamples) / kNumCards;
  for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 60.0);  // 24 degrees of freedom: p < 1e-4 for a uniform sampler

  State late = random_position(load(), 3, 24);  // one card left
  ActionList legal;
  late.legal_actions(legal);
  ASSERT_EQ(legal.size(), 1u);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(late.sample_chance(rng), legal[0]);
}

TEST(TreasureHuntDeal, FirstPlayerIsAFairChanceNodeByDefault) {
  State s = random_position(load(), 4, 25);
  ASSERT_EQ(s.phase(), Phase::kChooseFirst);
  ASSERT_EQ(s.current_player(), kChancePlayer);
  const auto outcomes = s.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].action, kFirstPlayerBase);
  EXPECT_EQ(outcomes[1].action, kFirstPlayerBase + 1);
  EXPECT_DOUBLE_EQ(outcomes[0].probability + outcomes[1].probability, 1.0);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  State purple = s;
  purple.apply_legal(kFirstPlayerBase + 1);
  EXPECT_EQ(purple.current_player(), 1);
  EXPECT_EQ(purple.phase(), Phase::kSwap);
  Rng rng(8);
  int green = 0;
  for (int i = 0; i < 2000; ++i) green += s.sample_chance(rng) == kFirstPlayerBase;
  EXPECT_NEAR(green, 1000, 150);
}

TEST(TreasureHuntDeal, FirstPlayerOption) {
  for (const auto& [option, seat] : {std::pair{"green", 0}, std::pair{"purple", 1}}) {
    const State s = random_position(load({{"firstPlayer", option}}), 4, 25);
    EXPECT_EQ(s.phase(), Phase::kSwap) << option;
    EXPECT_EQ(s.current_player(), seat) << option;
  }
}

// ---- G3.1 / A-G3-1: the map key
// -------------------------------------------------------------------

TEST(TreasureHuntMapKey, DefaultKeyComesFromTheWorkedExamples) {
  const Config c = fixture().config();
  auto dir_of = [&](const char* code) { return c.dir(parse_card_code(DeckKind::kStandard, code)); };
  EXPECT_EQ(dir_of("AH"), Dir::kUp);
  EXPECT_EQ(dir_of("KD"), Dir::kDown);
  EXPECT_EQ(dir_of("4C"), Dir::kLeft);
  EXPECT_EQ(dir_of("3S"), Dir::kRight);
}

TEST(TreasureHuntMapKey, TheTextsSampleKeySwapsHeartsAndSpades) {
  const Config c = fixture({{"mapKey", "LDRU"}}).config();
  EXPECT_EQ(c.dir(parse_card_code(DeckKind::kStandard, "AH")), Dir::kRight);
  EXPECT_EQ(c.dir(parse_card_code(DeckKind::kStandard, "3S")), Dir::kUp);
  // Figure 2's chain no longer works: 3S now sends the pawn up.
  State s = fixture({{"mapKey", "LDRU"}});
  play(s, "2D-3D");
  play(s, "up");
  EXPECT_EQ(s.score(0), 1);
}

}  // namespace
}  // namespace mw::treasure_hunt
