// Engine protocol, one test per request: play, chance and undo, and what they refuse.
#include <gtest/gtest.h>

#include <string>

#include "games/all_games.h"
#include "protocol_support.h"

namespace mw::cli {
namespace {

using namespace protocol_support;

TEST(EngineProtocol, PlayTakesTextOrNumbersAndRefusesWithoutChange) {
  EngineSession s(builtin_games());
  new_th(s);
  const Json legal = ok(s, Json{{"id", 1}, {"request", "legal"}});
  const std::string before = snapshot(s);
  auto expect = [&](const Json& action, const char* code) {
    EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "play"}, {"action", action}})), code)
        << action.dump();
    EXPECT_EQ(snapshot(s), before) << action.dump();
  };
  expect("xyzzy", "parse_error");
  expect("up", "illegal_action");  // the swap comes first
  expect(-5, "illegal_action");
  expect(100000, "illegal_action");
  expect(18446744073709551615ULL, "bad_request");
  expect(1.0, "bad_request");
  expect(Json::object(), "bad_request");
  expect(true, "bad_request");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "play"}})), "bad_request");

  const Json reply =
      ok(s, Json{{"id", 2}, {"request", "play"}, {"action", legal["actions"][0]["action"]}});
  EXPECT_EQ(reply["applied"].size(), 1u);
  EXPECT_EQ(reply["applied"][0], legal["actions"][0]);
  EXPECT_EQ(reply["history_length"], 27);
}

// A barrier grid typed as notation inside a `play` line: the line's own JSON is shallow (the
// brackets are in a string), the notation's JSON is not; refused, nothing changes.
TEST(EngineProtocol, DeeplyNestedNotationIsRefusedWithoutChange) {
  EngineSession s(builtin_games());
  ok(s, Json{{"id", 1}, {"request", "new"}, {"game", "pathfinder-barriers"}});
  const std::string before = snapshot(s);
  const std::string deep = std::string(60'000, '[') + std::string(60'000, ']');
  const Json reply = call(s, Json{{"id", 2},
                                  {"request", "play"},
                                  {"action", R"({"pawn": "E-5", "barriers": )" + deep + "}"}});
  EXPECT_EQ(error_code(reply), "parse_error");
  EXPECT_EQ(snapshot(s), before);
}

TEST(EngineProtocol, PlayForcesChanceOutcomes) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  Json reply = ok(s, Json{{"id", 1}, {"request", "play"}, {"action", "deal 10D"}});
  EXPECT_EQ(reply["document"]["state"]["board"][0][0], "10D");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "play"}, {"action", "deal 10D"}})),
            "illegal_action");  // already dealt
}

TEST(EngineProtocol, ChanceSamplesUntilADecision) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  Json reply = ok(s, Json{{"id", 1}, {"request", "chance"}, {"count", 1}});
  EXPECT_EQ(reply["applied"].size(), 1u);
  EXPECT_EQ(reply["current_player"], -1);
  reply = ok(s, Json{{"id", 1}, {"request", "chance"}});
  EXPECT_EQ(reply["applied"].size(), 25u);
  EXPECT_GE(reply["current_player"].get<int>(), 0);
  // The same seed samples the same deal whether chance runs automatically or on request.
  EngineSession automatic(builtin_games());
  EXPECT_EQ(new_th(automatic)["document"], reply["document"]);
  // At a decision there is nothing to sample.
  EXPECT_TRUE(ok(s, Json{{"id", 1}, {"request", "chance"}})["applied"].empty());
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "chance"}, {"count", 0}})),
            "bad_request");
}

TEST(EngineProtocol, UndoReplaysAndRestoresTheStreams) {
  EngineSession s(builtin_games());
  const Json start = new_th(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "undo"}})),
            "bad_request");  // no decision
  const Json asked = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  const std::string before = snapshot(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "undo"}, {"count", 3}})), "bad_request");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "undo"}, {"count", 0}})), "bad_request");
  EXPECT_EQ(snapshot(s), before);
  const Json undone = ok(s, Json{{"id", 1}, {"request", "undo"}, {"count", 2}});
  EXPECT_EQ(undone["undone"].size(), 2u);
  EXPECT_EQ(undone["undone"][0]["action"], asked["action"]);
  EXPECT_EQ(undone["document"], start["document"]);
  EXPECT_EQ(undone["history_length"], 26);
  // The seat's stream went back too: the agent makes the same choice again.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}})["action"],
            asked["action"]);
}

TEST(EngineProtocol, UndoWithAutomaticChanceCountsDecisions) {
  EngineSession s(coin_registry());
  ok(s, Json{{"id", 1}, {"request", "new"}, {"game", "coin-race"}, {"seed", 3}});
  ok(s, Json{{"id", 2}, {"request", "play"}, {"action", "+1"}});  // + a coin
  const Json second = ok(s, Json{{"id", 3}, {"request", "play"}, {"action", "+2"}});
  ASSERT_EQ(second["applied"].size(), 2u);
  EXPECT_EQ(second["applied"][1]["player"], -1);
  const Json undone = ok(s, Json{{"id", 4}, {"request", "undo"}});
  EXPECT_EQ(undone["undone"].size(), 2u);  // the decision and its coin
  EXPECT_EQ(undone["history_length"], 2);
  EXPECT_EQ(undone["current_player"], 1);
  // The coin falls the same way again: the chance stream was restored.
  EXPECT_EQ(ok(s, Json{{"id", 5}, {"request", "play"}, {"action", "+2"}})["applied"],
            second["applied"]);

  // Without automatic chance, undo counts every action, coins included.
  ok(s, Json{{"id", 6}, {"request", "new"}, {"game", "coin-race"}, {"auto_chance", false}});
  ok(s, Json{{"id", 7}, {"request", "play"}, {"action", "+1"}});
  ok(s, Json{{"id", 8}, {"request", "play"}, {"action", "heads"}});
  const Json one = ok(s, Json{{"id", 9}, {"request", "undo"}});
  EXPECT_EQ(one["undone"][0]["text"], "heads");
  EXPECT_EQ(one["current_player"], -1);
}

}  // namespace
}  // namespace mw::cli
