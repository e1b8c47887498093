// Engine protocol, one test per request: version, games, new, state, view, legal and quit.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "games/all_games.h"
#include "protocol_support.h"

namespace mw::cli {
namespace {

using namespace protocol_support;

TEST(EngineProtocol, VersionMatchesTheProject) {
  EngineSession s(builtin_games());
  const Json reply = ok(s, Json{{"id", 1}, {"request", "version"}});
  EXPECT_EQ(reply["protocol"], kProtocolVersion);
  EXPECT_EQ(reply["version"], std::string(kEngineVersion));
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "hello"}}), reply);
  std::smatch m;
  const std::string cmake = source_file("CMakeLists.txt");
  ASSERT_TRUE(std::regex_search(cmake, m, std::regex(R"(project\(mazeworks VERSION ([0-9.]+))")));
  EXPECT_EQ(m[1].str(), kEngineVersion) << "update kEngineVersion in src/cli/engine_session.h";
}

TEST(EngineProtocol, GamesListsGamesWithTheirAgents) {
  EngineSession s(builtin_games());
  const Json reply = ok(s, Json{{"id", 1}, {"request", "games"}});
  ASSERT_FALSE(reply["games"].empty());
  EXPECT_EQ(reply["games"][0]["id"], "treasure-hunt");
  EXPECT_NE(
      std::find(reply["games"][0]["agents"].begin(), reply["games"][0]["agents"].end(), "random"),
      reply["games"][0]["agents"].end());
}

TEST(EngineProtocol, NewRunsTheDealUnlessAskedNotTo) {
  EngineSession s(builtin_games());
  Json reply = new_th(s);
  EXPECT_EQ(reply["applied"].size(), 26u);  // 25 cards and who goes first
  EXPECT_GE(reply["current_player"].get<int>(), 0);
  EXPECT_EQ(reply["history_length"], 26);
  EXPECT_EQ(reply["seed"], 7);
  EXPECT_EQ(reply["document"]["game"], "treasure-hunt");
  EXPECT_EQ(new_th(s)["document"], reply["document"]);  // same seed, same deal
  EXPECT_NE(new_th(s, 8)["document"], reply["document"]);

  reply = new_th(s, 7, false);
  EXPECT_TRUE(reply["applied"].empty());
  EXPECT_EQ(reply["current_player"], -1);
  EXPECT_EQ(reply["auto_chance"], false);

  // Defaults: seed 0, automatic chance.
  reply = ok(s, Json{{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}});
  EXPECT_EQ(reply["seed"], 0);
  EXPECT_EQ(reply["auto_chance"], true);
  reply = ok(s, Json{{"id", 1},
                     {"request", "new"},
                     {"game", "treasure-hunt"},
                     {"options", {{"firstPlayer", "purple"}}}});
  EXPECT_EQ(reply["current_player"], 1);
}

TEST(EngineProtocol, NewErrorsKeepThePreviousGame) {
  EngineSession s(builtin_games());
  new_th(s);
  const std::string before = snapshot(s);
  auto expect = [&](const Json& request, const char* code) {
    EXPECT_EQ(error_code(call(s, request)), code) << request.dump();
    EXPECT_EQ(snapshot(s), before) << request.dump();
  };
  expect({{"id", 1}, {"request", "new"}, {"game", "chess"}}, "unknown_game");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"options", {{"deck", "x"}}}},
         "bad_option");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"options", {{"nope", 1}}}},
         "bad_option");
  expect({{"id", 1}, {"request", "new"}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", 3}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"seed", -1}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"seed", 1.5}}, "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"options", Json::array()}},
         "bad_request");
  expect({{"id", 1}, {"request", "new"}, {"game", "treasure-hunt"}, {"auto_chance", 1}},
         "bad_request");
}

TEST(EngineProtocol, EveryGameRequestNeedsAGame) {
  EngineSession s(builtin_games());
  for (const char* request : {"state", "view", "legal", "play", "chance", "undo", "ai", "record"}) {
    const Json reply = call(s, Json{{"id", request}, {"request", request}});
    EXPECT_EQ(error_code(reply), "bad_request") << request;
    EXPECT_EQ(reply["id"], request);
    EXPECT_EQ(reply["error"]["message"], "no game: send new or load first");
  }
}

TEST(EngineProtocol, StateSummarizesThePosition) {
  EngineSession s(builtin_games());
  const Json created = new_th(s);
  Json state = ok(s, Json{{"id", 2}, {"request", "state"}});
  for (const char* key :
       {"current_player", "is_terminal", "history_length", "seed", "auto_chance", "document"}) {
    EXPECT_EQ(state[key], created[key]) << key;
  }
  EXPECT_FALSE(state.contains("returns"));
  // A finished game has returns and no player to move.
  for (int i = 0; i < 2000 && !state["is_terminal"].get<bool>(); ++i) {
    state = ok(s, Json{{"id", i}, {"request", "ai"}, {"agent", "random"}, {"play", true}});
  }
  ASSERT_TRUE(state["is_terminal"].get<bool>());
  EXPECT_TRUE(state["current_player"].is_null());
  EXPECT_EQ(state["returns"].size(), 2u);
}

TEST(EngineProtocol, ViewOfSeatsAndObservers) {
  EngineSession s(builtin_games());
  new_th(s);
  EXPECT_EQ(ok(s, Json{{"id", 1}, {"request", "view"}, {"player", 1}})["view"]["observer"], 1);
  EXPECT_EQ(
      ok(s, Json{{"id", 1}, {"request", "view"}, {"player", "spectator"}})["view"]["observer"],
      "spectator");
  Json omniscient = ok(s, Json{{"id", 1}, {"request", "view"}, {"player", "omniscient"}});
  EXPECT_EQ(omniscient["view"]["observer"], "omniscient");
  EXPECT_FALSE(omniscient.contains("text"));
  const Json rendered =
      ok(s, Json{{"id", 1}, {"request", "view"}, {"player", 0}, {"render", true}});
  EXPECT_NE(rendered["text"].get<std::string>().find("Treasure Hunt"), std::string::npos);
  for (const Json& bad : {Json(2), Json(-1), Json("referee"), Json(0.5), Json::array(),
                          Json(18446744073709551615ULL)}) {
    EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "view"}, {"player", bad}})),
              "bad_request")
        << bad.dump();
  }
  EXPECT_EQ(error_code(call(s, Json{{"id", 1}, {"request", "view"}})), "bad_request");
}

TEST(EngineProtocol, LegalListsActionsOrChanceOutcomes) {
  EngineSession s(builtin_games());
  new_th(s, 7, false);
  Json legal = ok(s, Json{{"id", 1}, {"request", "legal"}});
  EXPECT_EQ(legal["player"], -1);
  ASSERT_EQ(legal["actions"].size(), 25u);
  double total = 0;
  for (const Json& a : legal["actions"]) total += a["probability"].get<double>();
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_EQ(legal["actions"][0]["text"], "deal AD");

  new_th(s);
  legal = ok(s, Json{{"id", 1}, {"request", "legal"}});
  EXPECT_GE(legal["player"].get<int>(), 0);
  ASSERT_FALSE(legal["actions"].empty());
  for (const Json& a : legal["actions"]) EXPECT_FALSE(a.contains("probability"));
  const Json first = legal["actions"][0];
  const Json played = ok(s, Json{{"id", 2}, {"request", "play"}, {"action", first["text"]}});
  EXPECT_EQ(played["applied"][0]["action"], first["action"]);
}

TEST(EngineProtocol, QuitEndsTheSession) {
  EngineSession s(builtin_games());
  EXPECT_FALSE(s.finished());
  const Json reply = ok(s, Json{{"id", "bye"}, {"request", "quit"}});
  EXPECT_EQ(reply, (Json{{"id", "bye"}, {"ok", true}}));
  EXPECT_TRUE(s.finished());
}

}  // namespace
}  // namespace mw::cli
