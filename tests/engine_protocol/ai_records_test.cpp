// Engine protocol, one test per request: ai, record and load, and what they refuse.
#include <gtest/gtest.h>

#include <string>

#include "ai/agents.h"
#include "core/match.h"
#include "games/all_games.h"
#include "protocol_support.h"

namespace mw::cli {
namespace {

using namespace protocol_support;

TEST(EngineProtocol, AiAsksWithoutPlayingUnlessTold) {
  EngineSession s(builtin_games());
  new_th(s);
  const std::string before = snapshot(s);
  const Json a = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}});
  const Json b = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}});
  EXPECT_EQ(a, b);
  EXPECT_EQ(snapshot(s), before);
  EXPECT_FALSE(a.contains("document"));
  const Json played =
      ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  EXPECT_EQ(played["action"], a["action"]);
  EXPECT_EQ(played["applied"][0]["action"], a["action"]);
  EXPECT_EQ(played["history_length"], 27);
  // Budgets are passed on as spec parameters.
  const Json budget = ok(
      s,
      Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"ms", 100}, {"iterations", 5000}});
  EXPECT_EQ(budget["agent"], "random:ms=100,iterations=5000");
  // An agent that takes no budget and says so (greedy checks its parameters) plays without it.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "greedy"}, {"ms", 100}})["agent"],
            "greedy");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "greedy:ms=5"}})),
            "unknown_agent");  // but a parameter the client wrote into the spec still counts
  EXPECT_EQ(
      error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"ms", -1}})),
      "bad_request");
}

TEST(EngineProtocol, AiErrors) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  const std::string before = snapshot(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}})),
            "bad_request");  // chance is to act
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}})), "bad_request");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", 7}})), "bad_request");
  EXPECT_EQ(snapshot(s), before);
  new_th(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "nope"}})),
            "unknown_agent");
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", ""}})),
            "unknown_agent");
  // A budget the agent has but not in its range is refused, not dropped for the default.
  const std::string th_before = snapshot(s);
  EXPECT_EQ(error_code(
                call(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "ismcts"}, {"ms", 86400001}})),
            "unknown_agent");
  EXPECT_EQ(snapshot(s), th_before);
  // An agent without a budget (it refuses the parameter as unknown) still ignores it.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "greedy"}, {"ms", 5}})["agent"],
            "greedy");

  EngineSession c(coin_registry());
  ok(c, Json{{"id", 1}, {"request", "new"}, {"game", "coin-race"}});
  const std::string coin_before = snapshot(c);
  for (const char* agent : {"illegal", "throwing"}) {
    const Json reply =
        call(c, Json{{"id", 1}, {"request", "ai"}, {"agent", agent}, {"play", true}});
    EXPECT_EQ(error_code(reply), "internal") << reply.dump();
    EXPECT_EQ(snapshot(c), coin_before);
  }
  ok(c, Json{{"id", 1},
             {"request", "load"},
             {"document", {{"game", "coin-race"}, {"state", {{"total", 12}}}}}});
  EXPECT_EQ(error_code(call(c, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}})),
            "bad_request");  // the game is over
}

// A session where `ai ... play` moves every seat and chance runs by itself plays the same game as
// play_match with the same seed: the streams are the same streams.
TEST(EngineProtocol, AiSessionReplaysSelfplay) {
  const Registry& registry = builtin_games();
  const Game game = registry.load("treasure-hunt");
  auto a0 = make_agent(game, "random"), a1 = make_agent(game, "random");
  const MatchResult match = play_match(game, {a0.get(), a1.get()}, {/*seed=*/11, 1'000'000, true});
  EngineSession s(registry);
  Json reply = new_th(s, 11);
  while (!reply["is_terminal"].get<bool>()) {
    reply = ok(s, Json{{"id", 1}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  }
  const Json record = ok(s, Json{{"id", 1}, {"request", "record"}})["record"];
  EXPECT_EQ(record["actions"], Json(match.record.actions));
  EXPECT_EQ(reply["returns"], Json(match.returns));
}

TEST(EngineProtocol, RecordAndLoadRoundTrip) {
  EngineSession s(builtin_games());
  new_th(s, 5);
  for (int i = 0; i < 6; ++i) {
    ok(s, Json{{"id", i}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  }
  const Json state = ok(s, Json{{"id", 1}, {"request", "state"}});
  const Json record = ok(s, Json{{"id", 1}, {"request", "record"}})["record"];
  EXPECT_EQ(record["seed"], 5);
  EXPECT_EQ(record["actions"].size(), state["history_length"]);

  EngineSession other(builtin_games());
  Json loaded = ok(other, Json{{"id", 1}, {"request", "load"}, {"record", record}});
  EXPECT_EQ(loaded["document"], state["document"]);
  EXPECT_EQ(loaded["history_length"], state["history_length"]);
  EXPECT_EQ(loaded["seed"], 5);
  EXPECT_TRUE(ok(other, Json{{"id", 1}, {"request", "undo"}, {"count", 6}})["current_player"]
                  .is_number());  // the loaded history can be taken back

  loaded = ok(other, Json{{"id", 1}, {"request", "load"}, {"document", state["document"]}});
  EXPECT_EQ(loaded["document"], state["document"]);
  EXPECT_EQ(loaded["history_length"], 0);
  const Json from_document = ok(other, Json{{"id", 1}, {"request", "record"}})["record"];
  EXPECT_EQ(from_document["start"], state["document"]["state"]);
  // A record from a set-up position loads back too.
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "load"}, {"record", from_document}})["document"],
            state["document"]);

  // A document at a chance node gets its chance run unless asked not to.
  EngineSession fresh(builtin_games());
  const Json dealing = new_th(fresh, 1, false)["document"];
  EXPECT_EQ(
      ok(fresh, Json{{"id", 1}, {"request", "load"}, {"document", dealing}})["applied"].size(),
      26u);
  EXPECT_EQ(ok(fresh, Json{{"id", 1},
                           {"request", "load"},
                           {"document", dealing},
                           {"auto_chance", false}})["current_player"],
            -1);
}

TEST(EngineProtocol, LoadErrorsKeepThePreviousGame) {
  EngineSession s(builtin_games());
  new_th(s);
  const Json document = ok(s, Json{{"id", 1}, {"request", "state"}})["document"];
  const Json record = ok(s, Json{{"id", 1}, {"request", "record"}})["record"];
  const std::string before = snapshot(s);
  auto expect = [&](const Json& fields, const char* code) {
    Json request = {{"id", 1}, {"request", "load"}};
    for (const auto& [k, v] : fields.items()) request[k] = v;
    EXPECT_EQ(error_code(call(s, request)), code) << request.dump();
    EXPECT_EQ(snapshot(s), before) << request.dump();
  };
  Json bad_board = document;
  bad_board["state"]["board"][0][0] = "ZZ";
  Json wrong_type = document;
  wrong_type["state"]["scores"] = "many";
  Json illegal = record;
  illegal["actions"].push_back(9999);
  Json unknown = record;
  unknown["game"] = "chess";
  Json bad_start = record;
  bad_start["start"] = {{"phase", "nope"}};
  expect({{"document", {{"game", "treasure-hunt"}, {"state", 5}}}}, "bad_state");
  expect({{"document", bad_board}}, "bad_state");
  expect({{"document", wrong_type}}, "bad_state");
  expect({{"document", "text"}}, "bad_state");
  expect({{"document", {{"game", "chess"}, {"state", Json::object()}}}}, "unknown_game");
  expect({{"document", {{"game", "treasure-hunt"}, {"options", {{"deck", 1}}}, {"state", {}}}}},
         "bad_option");
  expect({{"record", illegal}}, "bad_record");
  expect({{"record", {{"game", "treasure-hunt"}}}}, "bad_record");
  expect({{"record", {{"game", "treasure-hunt"}, {"actions", {"up"}}}}}, "bad_record");
  expect({{"record", bad_start}}, "bad_record");
  expect({{"record", unknown}}, "unknown_game");
  expect({{"record", 3}}, "bad_record");
  expect(Json::object(), "bad_request");
  expect({{"record", record}, {"document", document}}, "bad_request");
  expect({{"record", record}, {"seed", "x"}}, "bad_request");
}

// A record's action may be any number: it is checked before it is described. Found by
// engine_line_fuzz: 74149 ("predict" with a suit number past the four) was named first, reading
// past the suits' names (UBSan: index 49 out of bounds).
TEST(EngineProtocol, ARecordsActionIsCheckedBeforeItIsNamed) {
  EngineSession s(builtin_games());
  ok(s, Json{{"id", 1}, {"request", "new"}, {"game", "pathfinder-cards"}, {"seed", 11}});
  Json record = ok(s, Json{{"id", 2}, {"request", "record"}})["record"];
  record["actions"] = Json::array({74149});
  const std::string before = snapshot(s);
  EXPECT_EQ(error_code(call(s, Json{{"id", 3}, {"request", "load"}, {"record", record}})),
            "bad_record");
  EXPECT_EQ(snapshot(s), before);
}

}  // namespace
}  // namespace mw::cli
