// The server over real sockets: HTTP API, WebSocket play of a whole match with a computer seat,
// malformed and oversized input, static files, and a small load run.
#include <gtest/gtest.h>

#include <fstream>

#include "core/json.h"
#include "core/rng.h"
#include "server/api.h"
#include "server/client_session.h"
#include "server/net_client.h"
#include "server/net_server.h"
#include "support/served_server.h"
#include "support/ws_messages.h"

namespace mw::server {
namespace {

using test::Fixture;
using test::next_state_or_patch;
using test::Running;

Json receive_json(WsClient& c) {
  return Json::parse(c.receive());
}

TEST(Net, PlaysAWholeMatchAgainstAComputerSeatOverWebSockets) {
  Running r("net-play");
  const HttpResult games = http_request("127.0.0.1", r.port(), "GET", "/api/games");
  ASSERT_EQ(games.status, 200);
  EXPECT_GE(Json::parse(games.body).size(), 5u);
  const HttpResult made = http_request(
      "127.0.0.1", r.port(), "POST", "/api/matches",
      R"({"game": "treasure-hunt", "seats": ["human", {"agent": "random"}], "seed": 5})");
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = Json::parse(made.body)["match"];
  const HttpResult joined =
      http_request("127.0.0.1", r.port(), "POST", "/api/matches/" + id + "/join", "{}");
  ASSERT_EQ(joined.status, 200) << joined.body;
  const std::string token = Json::parse(joined.body)["token"];

  WsClient seat("127.0.0.1", r.port());
  WsClient watcher("127.0.0.1", r.port());
  seat.send(Json{{"type", "hello"}, {"match", id}, {"token", token}}.dump());
  watcher.send(Json{{"type", "hello"}, {"match", id}}.dump());
  Json state = next_state_or_patch(seat);
  Rng rng(3);
  int moves = 0;
  while (state["status"] != "finished" && moves < 2000) {
    if (state["to_act"] == 0 && !state["legal"].empty()) {
      const Json& legal = state["legal"];
      seat.send(Json{{"type", "act"},
                     {"action", legal[rng.below(legal.size())]},
                     {"version", state["version"]}}
                    .dump());
      ++moves;
    }
    state = next_state_or_patch(seat);
  }
  EXPECT_EQ(state["status"], "finished");
  EXPECT_GT(moves, 0);
  Json seen = next_state_or_patch(watcher);
  while (seen["status"] != "finished") seen = next_state_or_patch(watcher);
  EXPECT_EQ(seen["version"], state["version"]);
  const HttpResult record =
      http_request("127.0.0.1", r.port(), "GET", "/api/matches/" + id + "/record");
  EXPECT_EQ(record.status, 200);
  EXPECT_TRUE(Json::parse(record.body).contains("actions"));
  seat.close();
  watcher.close();
}

TEST(Net, RefusesBadInputWithoutFallingOver) {
  Running r("net-bad");
  EXPECT_EQ(http_request("127.0.0.1", r.port(), "POST", "/api/matches", "{oops").status, 400);
  EXPECT_EQ(http_request("127.0.0.1", r.port(), "POST", "/api/matches",
                         std::string(kMaxBodyBytes + 10, ' '))
                .status,
            413);
  EXPECT_EQ(http_request("127.0.0.1", r.port(), "GET", "/../etc/passwd").status, 404);
  {
    WsClient c("127.0.0.1", r.port());
    c.send("not json");
    EXPECT_EQ(receive_json(c)["code"], "bad_request");
    c.send(R"({"type": "act", "action": "x", "version": 0})");
    EXPECT_EQ(receive_json(c)["code"], "unauthorized");
    c.send(std::string(kMaxClientMessageBytes + 1, 'x'));  // over the limit: the server hangs up
    EXPECT_THROW(c.receive(), Error);
  }
  EXPECT_EQ(http_request("127.0.0.1", r.port(), "GET", "/api/games").status, 200);  // still up
}

TEST(Net, ServesStaticFilesFromTheWebRoot) {
  const test_support::ScratchDir root("webroot");
  root.write("index.html", "<h1>maze</h1>");
  Running r("net-static", root.path().string());
  const HttpResult page = http_request("127.0.0.1", r.port(), "GET", "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.body, "<h1>maze</h1>");
  EXPECT_EQ(http_request("127.0.0.1", r.port(), "GET", "/missing.js").status, 404);
}

TEST(Net, ASmallLoadRunHasNoErrors) {
  Running r("net-load");
  LoadtestConfig config;
  config.port = r.port();
  config.matches = 8;
  config.max_moves = 60;
  const LoadtestResult result = run_loadtest(config);
  EXPECT_EQ(result.errors, 0);
  EXPECT_GT(result.moves, 8 * 10);
}

}  // namespace
}  // namespace mw::server
