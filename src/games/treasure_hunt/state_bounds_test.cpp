// Issue 31: every document the engine writes reloads (counters stay inside the load bounds), and
// from_json refuses positions play cannot reach (the end and the winner follow from the scores).
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

struct Edge {
  const char* name;
  Json body;
  Json options;
};

// Documents at the edge of every numeric bound from_json accepts: the saturated turn counter,
// the turn before turnLimit (at its largest), the highest scores each deck allows mid-game, and
// finished games at the highest scores.
std::vector<Edge> edge_documents() {
  const Json specialized = specialized_options();
  const Json target_max = {{"deck", "specialized"}, {"targetScore", 10000}};
  const Json target_min = {{"deck", "specialized"}, {"targetScore", 1}};
  Json king = with(with(fixture_body(), "treasure", "KD"), "pawns", {"c2", "a5"});
  Json over_specialized = with(specialized_body(58, 32), "treasure", "T1");  // 58 - 9 < 50
  over_specialized["phase"] = "over";
  over_specialized["to_move"] = 1;
  over_specialized["winner"] = 0;
  Json over_standard = with(with(king, "scores", {0, 91}), "phase", "over");
  over_standard["winner"] = 1;
  return {
      {"turn at the bound", with(fixture_body(), "turn", kMaxTurn), Json::object()},
      {"turn before the largest turnLimit",
       with(fixture_body(), "turn", 999999),
       {{"turnLimit", 1000000}}},
      {"last turn before turnLimit", fixture_body(), {{"turnLimit", 7}}},
      {"standard 78-0 at the King", with(with(king, "scores", {78, 0}), "turn", kMaxTurn),
       Json::object()},
      {"standard 0-78 at the King", with(king, "scores", {0, 78}), Json::object()},
      {"specialized just below targetScore 10000",
       with(specialized_body(9999, 9972), "turn", kMaxTurn), target_max},
      {"specialized targetScore 1", with(specialized_body(0, 0), "treasure", "T1"), target_min},
      {"specialized 49-32 at targetScore 50", specialized_body(49, 32), specialized},
      {"specialized won at the highest score", over_specialized, specialized},
      {"standard won with every diamond", over_standard, Json::object()},
  };
}

void expect_reloads_while_playing(const Edge& edge, std::uint64_t seed, int moves) {
  const Options options = load(edge.options).options();
  state_testing::expect_reloads_while_playing(State::from_json(edge.body, options), options, seed,
                                              moves, edge.name);
}

TEST(TreasureHuntBounds, EveryEdgeDocumentIsAccepted) {
  for (const Edge& edge : edge_documents()) {
    EXPECT_EQ(rejection(edge.body, edge.options), "") << edge.name;
  }
}

TEST(TreasureHuntBounds, RandomPlayFromEveryEdgeDocumentReloadsAfterEachMove) {
  for (const Edge& edge : edge_documents()) {
    for (std::uint64_t seed = 0; seed < 8; ++seed) expect_reloads_while_playing(edge, seed, 400);
  }
}

// The case: four moves from turn 2147483646 used to overflow the signed counter.
TEST(TreasureHuntBounds, TheTurnCounterSaturatesAndTheDocumentReloads) {
  State s = from_body(with(fixture_body(), "turn", kMaxTurn - 1));
  Rng rng(1);
  ActionList scratch;
  play_random_actions(s, rng, 4, scratch);  // two whole turns
  EXPECT_EQ(s.turn(), kMaxTurn);
  EXPECT_EQ(from_body(s.to_json()).to_json(), s.to_json());
  EXPECT_EQ(rejection(with(fixture_body(), "turn", kMaxTurn + std::int64_t{1})),
            "treasure-hunt state: \"turn\" must be an integer in 0..2147483646, got 2147483647");
}

// Scores are bounded by what play reaches: 91 in all (standard), one treasure over the target.
TEST(TreasureHuntBounds, ScoresPastWhatPlayReachesAreRefused) {
  const std::string p = "treasure-hunt state: ";
  EXPECT_EQ(rejection(with(fixture_body(), "scores", {29999, 29999})),
            p + "\"scores\" must be an integer in 0..91, got 29999");
  EXPECT_EQ(rejection(with(specialized_body(59, 31), "phase", "over"), specialized_options()),
            p + "\"scores\" must be an integer in 0..58, got 59");
  EXPECT_EQ(rejection(with(specialized_body(9999, 9999), "turn", kMaxTurn),
                      {{"deck", "specialized"}, {"targetScore", 10000}}),
            p + "\"scores\" add up to 19998, which the treasures scored before T9 cannot make");
}

TEST(TreasureHuntRefusals, TheScoresAddUpToTheTreasuresScored) {
  const std::string p = "treasure-hunt state: ";
  EXPECT_EQ(rejection(with(fixture_body(), "scores", {1, 6})),
            p + "\"scores\" add up to 7, which the treasures scored before 4D cannot make");
  EXPECT_EQ(rejection(with(fixture_body(), "scores", {6, 0})), "");
  EXPECT_EQ(rejection(specialized_body(10, 0), specialized_options()),
            p + "\"scores\" add up to 10, which the treasures scored before T9 cannot make");
  EXPECT_EQ(rejection(specialized_body(40, 41), specialized_options()), "");  // 36 + 45
}

// The cases: "over" with a winner the scores contradict, and a draw at unequal scores.
TEST(TreasureHuntRefusals, TheEndAndTheWinnerFollowFromScoresAndTurns) {
  const std::string p = "treasure-hunt state: ";
  Json over = with(fixture_body(), "phase", "over");  // turn 6, scores [1, 5]
  EXPECT_EQ(rejection(with(with(over, "scores", {0, 25}), "winner", 0)),
            p + "\"scores\" add up to 25, which the treasures scored before 4D cannot make");
  EXPECT_EQ(rejection(with(over, "winner", 1)),
            p + "phase \"over\" needs the King of Diamonds scored, a target reached or turnLimit "
                "turns played");
  const Json limit6 = {{"turnLimit", 6}};
  EXPECT_EQ(rejection(with(over, "winner", 1), limit6), "");
  EXPECT_EQ(rejection(with(over, "winner", 0), limit6),
            p + "\"winner\" must be 1 for scores [1, 5], got 0");
  EXPECT_EQ(rejection(with(over, "scores", {6, 0}), limit6),
            p + "\"winner\" must be 0 for scores [6, 0], got null");
  EXPECT_EQ(rejection(with(over, "scores", {3, 3}), limit6), "");  // a draw
  EXPECT_EQ(rejection(fixture_body(), limit6),
            p + "the game is over (the King of Diamonds scored or turnLimit turns played), so "
                "\"phase\" must be \"over\"");
  EXPECT_EQ(rejection(fixture_body(), {{"turnLimit", 5}}), p + "\"turn\" 6 is past turnLimit 5");
  Json king = with(with(over, "treasure", "KD"), "scores", {25, 66});
  EXPECT_EQ(rejection(with(king, "winner", 1)), "");
  EXPECT_EQ(rejection(with(king, "winner", 0)),
            p + "\"winner\" must be 1 for scores [25, 66], got 0");
}

TEST(TreasureHuntRefusals, TheTargetEndsTheGameForThePlayerWhoJustMoved) {
  const std::string p = "treasure-hunt state: ";
  const Json options = specialized_options();
  Json won = with(with(specialized_body(58, 32), "treasure", "T1"), "phase", "over");
  won["to_move"] = 1;
  won["winner"] = 0;
  EXPECT_EQ(rejection(won, options), "");
  EXPECT_EQ(rejection(with(won, "winner", 1), options),
            p + "\"winner\" must be 0, who reached targetScore 50");
  EXPECT_EQ(rejection(with(won, "to_move", 0), options),
            p + "\"scores\" [58, 32]: reaching targetScore 50 ends the game at once, won by the "
                "player who just moved");
  EXPECT_EQ(rejection(with(with(won, "phase", "swap"), "winner", nullptr), options),
            p + "\"scores\" [58, 32]: reaching targetScore 50 ends the game at once, won by the "
                "player who just moved");
  // 51 at T2: the T1 just taken left 50, already the target before this turn.
  Json late = with(with(won, "scores", {51, 40}), "treasure", "T2");
  EXPECT_EQ(rejection(late, options),
            p + "\"scores\": Green was already at targetScore 50 before this turn");
}

TEST(TreasureHuntRefusals, TurnsFixTheLockedCardsTheStartAndWhoMoves) {
  const std::string p = "treasure-hunt state: ";
  EXPECT_EQ(rejection(with(fixture_body(), "locked", Json::array())),
            p + "\"locked\" must name the prior turn's swap: every turn swaps");
  Json start = with(fixture_body(), "turn", 0);
  EXPECT_EQ(rejection(start), p + "\"pawns\" must both be on c3 before the first turn is over "
                                  "(turn 0)");
  start["pawns"] = {"c3", "c3"};
  EXPECT_EQ(rejection(start),
            p + "\"scores\" must be [0, 0] and \"treasure\" the first one at turn 0");
  start["scores"] = {0, 0};
  start["treasure"] = "AD";
  EXPECT_EQ(rejection(start), p + "\"locked\" must be empty at turn 0: no turn came before");
  start["locked"] = Json::array();
  EXPECT_EQ(rejection(start), "");
  EXPECT_EQ(rejection(fixture_body(), {{"firstPlayer", "green"}}), "");  // turn 6: Green again
  EXPECT_EQ(rejection(fixture_body(), {{"firstPlayer", "purple"}}),
            p + "\"to_move\" must be 1 after 6 turns when Purple moves first");
}

// Perfect information: resample keeps every seat's key (and the whole state) for every document
// load accepts.
TEST(TreasureHuntResample, KeepsEveryInformationStateKeyOnEdgeDocuments) {
  Rng rng(3);
  for (const Edge& edge : edge_documents()) {
    const State s = from_body(edge.body, edge.options);
    for (Player seat : {0, 1}) {
      EXPECT_EQ(s.resample(seat, rng).information_state_key(seat), s.information_state_key(seat))
          << edge.name;
    }
  }
}

}  // namespace
}  // namespace mw::treasure_hunt
