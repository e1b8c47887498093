// The specialized deck (G3.1, G3.3, A-G3-14, A-G3-16) and the options of the game.
#include <gtest/gtest.h>

#include <map>

#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

TEST(TreasureHuntSpecialized, ScoringTheNineSendsTheMarkerBackToTheOne) {
  State s = from_body(specialized_body(20, 16), specialized_options());
  play(s, "Y4-G1");
  play(s, "up");
  EXPECT_EQ(s.score(0), 29);
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.treasure(), parse_card_code(DeckKind::kSpecialized, "T1"));
  EXPECT_EQ(s.treasure_cell(), cell("a1"));
}

TEST(TreasureHuntSpecialized, ReachingTheTargetAtTheEndOfOnesTurnWins) {
  State s = from_body(specialized_body(45, 36), specialized_options());
  play(s, "Y4-G1");
  play(s, "up");
  EXPECT_EQ(s.score(0), 54);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.returns(), (std::vector<double>{1.0, -1.0}));
}

TEST(TreasureHuntSpecialized, TargetScoreOption) {
  State s = from_body(specialized_body(45, 36), {{"deck", "specialized"}, {"targetScore", 60}});
  play(s, "Y4-G1");
  play(s, "up");
  EXPECT_EQ(s.score(0), 54);
  EXPECT_FALSE(s.is_terminal());
}

// Only the mover scores and is checked, at the end of its own turn (A-G3-14): a player at the
// target has just won, so a game going on with a player at the target is impossible and refused.
TEST(TreasureHuntSpecialized, OnlyTheMoverCanReachTheTargetSoAnotherAtItIsRefused) {
  EXPECT_EQ(
      error_of(
          [] {
            from_body(specialized_body(0, 81), {{"deck", "specialized"}, {"targetScore", 80}});
          },
          ErrorCode::kBadState),
      "treasure-hunt state: \"scores\" [0, 81]: reaching targetScore 80 ends the game at "
      "once, won by the player who just moved");
  State s = from_body(specialized_body(0, 81), {{"deck", "specialized"}, {"targetScore", 90}});
  play(s, "Y4-G1");
  play(s, "down");  // Y2: 2 left to B4, whose 4 down is off the board; no score
  EXPECT_EQ(s.pawn(0), cell("b4"));
  play(s, "T1-T2");
  play(s, "up");  // Y3: 3 left to B4 again; no score
  EXPECT_EQ(s.score(1), 81);
  EXPECT_FALSE(s.is_terminal());
}

TEST(TreasureHuntSpecialized, ColoursAndTreasuresMoveByTheDefaultKey) {
  const State s = from_body(specialized_body(20, 16), specialized_options());
  EXPECT_EQ(s.involuntary_destination(cell("e2")), cell("e1"));  // R1 up to T5, 5 down is off
  EXPECT_EQ(s.involuntary_destination(cell("e3")), cell("e5"));  // B2 down to G4, 4 right is off
  EXPECT_EQ(s.involuntary_destination(cell("c4")), cell("b4"));  // Y1 left to B4, 4 down is off
  EXPECT_EQ(s.involuntary_destination(cell("b5")), cell("e5"));  // G1 right to G2, right to G4
  EXPECT_EQ(s.involuntary_destination(cell("b1")), cell("b3"));  // T2 down to R3, 3 up is off
}

TEST(TreasureHuntSpecialized, EveryKeyChoiceKeepsRedOppositeBlueAndYellowOppositeGreen) {
  const Game game = load(specialized_options());
  const auto specs = option_specs();
  const auto key = std::find_if(specs.begin(), specs.end(),
                                [](const OptionSpec& o) { return o.name == "specializedKey"; });
  ASSERT_NE(key, specs.end());
  EXPECT_EQ(key->choices.size(), 8u);
  auto first_card = [](const char* code) { return parse_card_code(DeckKind::kSpecialized, code); };
  for (const std::string& choice : key->choices) {
    const Config c = Config::from_options(
        Options::resolve(specs, {{"deck", "specialized"}, {"specializedKey", choice}}));
    EXPECT_EQ(c.dir(first_card("R1")), opposite(c.dir(first_card("B1")))) << choice;
    EXPECT_EQ(c.dir(first_card("Y3")), opposite(c.dir(first_card("G3")))) << choice;
  }
  EXPECT_NE(error_of(
                [&] {
                  load({{"deck", "specialized"}, {"specializedKey", "UULR"}});
                },
                ErrorCode::kBadOption),
            "");
}

TEST(TreasureHuntSpecialized, DefaultKeyIsRedUpBlueDownYellowLeftGreenRightTreasuresDown) {
  const Config c = from_body(specialized_body(20, 16), specialized_options()).config();
  auto dir_of = [&](const char* code) {
    return c.dir(parse_card_code(DeckKind::kSpecialized, code));
  };
  EXPECT_EQ(dir_of("R2"), Dir::kUp);
  EXPECT_EQ(dir_of("B2"), Dir::kDown);
  EXPECT_EQ(dir_of("Y2"), Dir::kLeft);
  EXPECT_EQ(dir_of("G2"), Dir::kRight);
  EXPECT_EQ(dir_of("T4"), Dir::kDown);
  const Config up = from_body(specialized_body(20, 16),
                              {{"deck", "specialized"}, {"specializedTreasureDirection", "up"}})
                        .config();
  EXPECT_EQ(up.dir(parse_card_code(DeckKind::kSpecialized, "T4")), Dir::kUp);
}

TEST(TreasureHuntSpecialized, CardValuesTotal45) {
  int total = 0;
  for (int card = 0; card < num_treasures(DeckKind::kSpecialized); ++card) {
    total += card_value(DeckKind::kSpecialized, card);
  }
  EXPECT_EQ(total, 45);
  EXPECT_EQ(card_value(DeckKind::kSpecialized, parse_card_code(DeckKind::kSpecialized, "G4")), 4);
}

TEST(TreasureHuntSpecialized, RandomGamesEndWithTheMoverOverTheTarget) {
  const Game game = load(specialized_options());
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const State s = random_position(game, seed, 10'000'000);
    ASSERT_TRUE(s.is_terminal()) << seed;
    const Player w = s.winner();
    ASSERT_GE(w, 0) << seed;
    EXPECT_GE(s.score(w), 50) << seed;
    EXPECT_LT(s.score(1 - w), 50) << seed;
  }
}

// ---- option defaults (G3.5) -------------------------------------------------------------------

TEST(TreasureHuntOptions, DefaultsArePinned) {
  std::map<std::string, Json> defaults;
  for (const OptionSpec& o : option_specs()) defaults[o.name] = o.default_value;
  const std::map<std::string, Json> expected = {
      {"deck", "standard"},
      {"mapKey", "LDUR"},  // A-G3-1: clubs left, diamonds down, hearts up, spades right
      {"cycleRule", "stopBeforeRepeat"},  // A-G3-3
      {"firstPlayer", "random"},          // A-G3-12
      {"specializedKey", "UDLR"},         // A-G3-16
      {"specializedTreasureDirection", "down"},
      {"targetScore", 50},
      {"turnLimit", 0},
  };
  EXPECT_EQ(defaults, expected);
}

TEST(TreasureHuntOptions, MapKeyOffersEveryPermutation) {
  const auto specs = option_specs();
  const auto key = std::find_if(specs.begin(), specs.end(),
                                [](const OptionSpec& o) { return o.name == "mapKey"; });
  ASSERT_NE(key, specs.end());
  EXPECT_EQ(key->choices.size(), 24u);
  EXPECT_NE(std::find(key->choices.begin(), key->choices.end(), "LDRU"), key->choices.end());
}

TEST(TreasureHuntOptions, BadValuesAreRejected) {
  EXPECT_NE(error_of([] { load({{"cycleRule", "loop"}}); }, ErrorCode::kBadOption), "");
  EXPECT_NE(error_of([] { load({{"turnLimit", -1}}); }, ErrorCode::kBadOption), "");
  EXPECT_NE(error_of([] { load({{"mapKey", "LLUR"}}); }, ErrorCode::kBadOption), "");
}

}  // namespace
}  // namespace mw::treasure_hunt
