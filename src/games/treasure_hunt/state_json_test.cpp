// The JSON state body (from_json / to_json) and the view.
#include <gtest/gtest.h>

#include <set>

#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

TEST(TreasureHuntJson, RoundTripsInEveryPhase) {
  for (const Json& options : {Json::object(), specialized_options(),
                              Json{{"turnLimit", 30}, {"firstPlayer", "purple"}}}) {
    const Game game = load(options);
    std::set<std::string> phases;
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList scratch, a, b;
      for (int i = 0; i < 400; ++i) {
        const Json body = s.to_json();
        const State back = State::from_json(body, game.options());
        ASSERT_EQ(back.to_json(), body);
        EXPECT_EQ(back.information_state_key(0), s.information_state_key(0));
        s.legal_actions(a);
        back.legal_actions(b);
        EXPECT_EQ(a, b);
        phases.insert(body["phase"].get<std::string>());
        if (s.is_terminal()) break;
        play_random_actions(s, rng, 1, scratch);
      }
    }
    EXPECT_GE(phases.size(), 4u) << options.dump();
  }
}

TEST(TreasureHuntJson, FixtureBody) {
  const Json body = fixture().to_json();
  EXPECT_EQ(body["phase"], "swap");
  EXPECT_EQ(body["pawns"], Json({"e2", "a5"}));
  EXPECT_EQ(body["treasure"], "4D");
  EXPECT_EQ(body["locked"], Json({"7D", "KD"}));
  EXPECT_EQ(body["swapped"], Json::array());
  EXPECT_EQ(body["board"][2][4], "10D");
  EXPECT_EQ(body["winner"], nullptr);
  EXPECT_EQ(body["turn"], 6);
}

TEST(TreasureHuntJson, StepPhaseRecordsThisTurnsSwap) {
  State s = fixture();
  play(s, "2D-3D");
  const Json body = s.to_json();
  EXPECT_EQ(body["phase"], "step");
  EXPECT_EQ(body["swapped"], Json({"2D", "3D"}));
  EXPECT_EQ(body["locked"], Json({"7D", "KD"}));
}

TEST(TreasureHuntJson, APartialDealIsAPosition) {
  Json body = {{"phase", "deal"}, {"board", Json::array()}};
  for (int r = 0; r < kSize; ++r)
    body["board"].push_back({nullptr, nullptr, nullptr, nullptr, nullptr});
  body["board"][0] = {"KD", "AS", "3H", "10D", "2C"};
  body["board"][1][0] = "AD";
  const State s = from_body(body);
  EXPECT_EQ(s.current_player(), kChancePlayer);
  EXPECT_EQ(s.chance_outcomes().size(), 19u);
  EXPECT_EQ(s.illegal_reason(s.parse_action("deal AD")), "AD is already dealt");
  EXPECT_EQ(s.illegal_reason(s.parse_action("deal 2D")), "");
}

TEST(TreasureHuntJson, TheViewShowsEverythingAndTheKey) {
  const Json v = fixture().view(1);
  EXPECT_EQ(v["game"], "treasure-hunt");
  EXPECT_EQ(v["observer"], 1);
  EXPECT_EQ(v["deck"], "standard");
  EXPECT_EQ(v["key"], Json({{"D", "down"}, {"C", "left"}, {"H", "up"}, {"S", "right"}}));
  EXPECT_EQ(v["treasure_value"], 4);
  EXPECT_EQ(v["board"], fixture_body()["board"]);
  EXPECT_EQ(fixture().view(kSpectator)["observer"], "spectator");
  EXPECT_EQ(fixture().view(kSpectator)["board"], v["board"]);  // perfect information
}

Json without(Json body, const char* name) {
  body.erase(name);
  return body;
}

TEST(TreasureHuntJson, RejectsMalformedBodiesSayingWhy) {
  const Json ok = fixture_body();
  const std::string p = "treasure-hunt state: ";
  EXPECT_EQ(rejection(ok), "");
  EXPECT_EQ(rejection(Json::array()), p + "expected a JSON object, got array");
  EXPECT_EQ(rejection(without(ok, "phase")), p + "missing \"phase\"");
  EXPECT_EQ(rejection(with(ok, "phase", "play")),
            p + "\"phase\" must be one of deal, choose_first, swap, step, over; got \"play\"");
  EXPECT_EQ(rejection(with(ok, "lock", Json::array())),
            p + "unknown member \"lock\"; expected phase, to_move, board, pawns, scores, "
                "treasure, locked, swapped, turn, winner");
  EXPECT_EQ(rejection(without(ok, "board")), p + "missing \"board\"");
  EXPECT_EQ(rejection(without(ok, "pawns")), p + "missing \"pawns\"");
  EXPECT_EQ(rejection(without(ok, "scores")), p + "missing \"scores\"");
  EXPECT_EQ(rejection(without(ok, "treasure")), p + "missing \"treasure\"");
  EXPECT_EQ(rejection(with(ok, "to_move", 2)),
            p + "\"to_move\" must be 0 (Green) or 1 (Purple), got 2");
}

TEST(TreasureHuntJson, RejectsBadBoards) {
  const std::string p = "treasure-hunt state: ";
  Json duplicate = fixture_body();
  duplicate["board"][0][0] = "7D";
  EXPECT_EQ(rejection(duplicate), p + "7D appears twice");
  Json foreign = fixture_body();
  foreign["board"][0][0] = "5S";
  EXPECT_EQ(rejection(foreign), p + "\"5S\" on a1 is not a card of the standard deck");
  EXPECT_EQ(rejection(fixture_body(), specialized_options()),
            p + "\"3D\" on a1 is not a card of the specialized deck");
  Json short_board = fixture_body();
  short_board["board"].erase(4);
  EXPECT_EQ(rejection(short_board), p + "\"board\" must be 5 rows of 5 cards");
  Json short_row = fixture_body();
  short_row["board"][1].erase(0);
  EXPECT_EQ(rejection(short_row), p + "board row 2 must hold 5 cards");
  Json hole = fixture_body();
  hole["board"][0][0] = nullptr;
  EXPECT_EQ(rejection(hole),
            p + "cards are dealt in row-major order: the dealt cells must come first");
  Json incomplete = fixture_body();
  incomplete["board"][4][4] = nullptr;
  EXPECT_EQ(rejection(incomplete), p + "every cell needs a card once the deal is over");
  EXPECT_EQ(rejection(with(fixture_body(), "phase", "deal")),
            p + "a complete board is not in the deal phase");
}

TEST(TreasureHuntJson, RejectsBadPlayFields) {
  const Json ok = fixture_body();
  const std::string p = "treasure-hunt state: ";
  EXPECT_EQ(rejection(with(ok, "pawns", {"f1", "a5"})),
            p + "Green's pawn must be on a cell a1..e5, got \"f1\"");
  EXPECT_EQ(rejection(with(ok, "pawns", Json::array({"e2"}))),
            p + "\"pawns\" must list Green's and Purple's cells, like [\"c3\", \"c3\"]");
  EXPECT_EQ(rejection(with(ok, "scores", {1, -1})),
            p + "\"scores\" must be an integer in 0..91, got -1");
  EXPECT_EQ(rejection(with(ok, "scores", {"1", 2})),
            p + "\"scores\" must be an integer in 0..91, got \"1\"");
  EXPECT_EQ(rejection(with(ok, "treasure", "2C")),
            p + "\"treasure\" must be a treasure card, got \"2C\"");
  EXPECT_EQ(rejection(with(ok, "turn", -3)),
            p + "\"turn\" must be an integer in 0..2147483646, got -3");
  EXPECT_EQ(rejection(with(ok, "winner", 0)), p + "only a finished game has a winner");
  EXPECT_EQ(rejection(with(with(ok, "phase", "over"), "winner", 3)),
            p + "\"winner\" must be 0 (Green) or 1 (Purple), got 3");
  EXPECT_EQ(rejection(with(ok, "phase", "choose_first"), {{"firstPlayer", "green"}}),
            p + "the choose_first phase needs the option firstPlayer=random");
}

TEST(TreasureHuntJson, RejectsImpossibleRule3Cards) {
  const Json ok = fixture_body();
  const std::string p = "treasure-hunt state: ";
  EXPECT_EQ(rejection(with(ok, "locked", Json::array({"7D"}))),
            p + "\"locked\" must list no card or the two cards of one swap, got [\"7D\"]");
  EXPECT_EQ(rejection(with(ok, "locked", {"AS", "7D"})),
            p + "\"locked\" must be two different cards in one row or column (rule 1)");
  EXPECT_EQ(rejection(with(ok, "locked", {"7D", "7D"})),
            p + "\"locked\" must be two different cards in one row or column (rule 1)");
  EXPECT_EQ(rejection(with(ok, "locked", {"7D", "XX"})),
            p + "\"locked\" holds \"XX\", not a card of this deck");
  EXPECT_EQ(rejection(with(ok, "swapped", {"2D", "3D"})),
            p + "\"swapped\" is only set in the step phase");
  const Json step = with(ok, "phase", "step");
  EXPECT_EQ(rejection(with(step, "swapped", Json::array())),
            p + "in the step phase \"swapped\" must name this turn's two cards");
  EXPECT_EQ(rejection(with(step, "swapped", {"2D", "3D"})), "");
  EXPECT_EQ(rejection(with(step, "swapped", {"3D", "7D"})),
            p + "\"swapped\" may not include a \"locked\" card (rule 3)");
  EXPECT_EQ(rejection(with(step, "swapped", {"AH", "2C"})),
            p + "\"swapped\" cards cannot carry a pawn or the Treasure Marker (rule 2)");
}

TEST(TreasureHuntJson, TheGameMapsEveryBadBodyToBadState) {
  const Game game = load();
  EXPECT_NE(
      error_of([&] { game.state_from_json(Json::parse(R"({"phase": 3})")); }, ErrorCode::kBadState),
      "");
  EXPECT_NE(error_of([&] { game.state_from_json(Json("swap")); }, ErrorCode::kBadState), "");
  const State ok = game.state_from_json(fixture_body()).as<State>();
  EXPECT_EQ(ok.to_json(), fixture().to_json());
}

}  // namespace
}  // namespace mw::treasure_hunt
