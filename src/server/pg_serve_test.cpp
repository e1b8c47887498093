// `mazeworks serve --db postgresql://…` end to end: a match played on a real server process, the
// process killed (SIGKILL) and started again on the same database, and the match goes on with
// every acknowledged move; a database that cannot be reached, or a name that is not one, stops
// `serve` at once with a clear error.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>

#include "core/json.h"
#include "core/rng.h"
#include "server/net_client.h"
#include "support/pg_test_database.h"
#include "support/server_process.h"
#include "support/state_follower.h"

namespace mw::server {
namespace {

using test::PgTestDatabase;
using test::ServerProcess;

// The next state message, or the state a patch message makes of the last one.
Json next_state(WsClient& c, test::StateFollower& follower) {
  for (;;) {
    Json state = follower.follow(Json::parse(c.receive()));
    if (!state.is_null()) return state;
  }
}

// Makes one random move as the seat to act and returns the version the server acknowledged.
std::uint64_t play_one(const ServerProcess& server, const std::string& id,
                       const std::vector<std::string>& tokens, Rng& rng) {
  const Json status =
      Json::parse(http_request("127.0.0.1", server.port(), "GET", "/api/matches/" + id).body);
  const int seat = status["to_act"].is_number() ? status["to_act"].get<int>() : 0;
  WsClient c("127.0.0.1", server.port());
  c.send(Json{{"type", "hello"}, {"match", id}, {"token", tokens[seat]}}.dump());
  test::StateFollower follower;
  Json state = next_state(c, follower);
  while (state["status"] != "finished" && state["to_act"] != seat) {
    state = next_state(c, follower);
  }
  if (state["status"] == "finished") return state["version"];
  const Json& legal = state["legal"];
  c.send(Json{
      {"type", "act"}, {"action", legal[rng.below(legal.size())]}, {"version", state["version"]}}
             .dump());
  const Json ack = next_state(c, follower);
  EXPECT_GT(ack["version"].get<std::uint64_t>(), state["version"].get<std::uint64_t>());
  return ack["version"];
}

Json seat0_record(const ServerProcess& server, const std::string& id, const std::string& token) {
  return Json::parse(
      http_request("127.0.0.1", server.port(), "GET", "/api/matches/" + id + "/record", "", token)
          .body);
}

TEST(PgServe, AMatchGoesOnAfterTheServerIsKilledAndRestartedOnTheSameDatabase) {
  const PgTestDatabase db;
  Rng rng(35);
  std::string id;
  std::vector<std::string> tokens;
  Json before;  // seat 0's record when the server was killed
  {
    ServerProcess server(db.url());
    EXPECT_NE(server.first_line().find("database postgresql://postgres@127.0.0.1:"),
              std::string::npos)
        << server.first_line();
    const HttpResult made = http_request("127.0.0.1", server.port(), "POST", "/api/matches",
                                         R"({"game": "treasure-hunt", "seed": 1})");
    ASSERT_EQ(made.status, 201) << made.body;
    id = Json::parse(made.body)["match"];
    for (int seat = 0; seat < 2; ++seat) {
      const HttpResult joined =
          http_request("127.0.0.1", server.port(), "POST", "/api/matches/" + id + "/join",
                       Json{{"seat", seat}}.dump());
      ASSERT_EQ(joined.status, 200) << joined.body;
      tokens.push_back(Json::parse(joined.body)["token"]);
    }
    for (int n = 0; n < 12; ++n) play_one(server, id, tokens, rng);  // each acknowledged
    before = seat0_record(server, id, tokens[0]);
    server.kill9();
  }
  ServerProcess again(db.url());
  EXPECT_NE(again.first_line().find("1 match(es) restored"), std::string::npos)
      << again.first_line();
  const Json after = seat0_record(again, id, tokens[0]);
  EXPECT_EQ(after["version"], before["version"]);
  EXPECT_EQ(after["events"], before["events"]);
  for (int n = 0; n < 6; ++n) play_one(again, id, tokens, rng);
  EXPECT_GT(seat0_record(again, id, tokens[0])["version"].get<std::uint64_t>(),
            before["version"].get<std::uint64_t>());
}

// Runs `mazeworks serve --db <db>` and returns its exit status and what it printed.
std::pair<int, std::string> serve_with(const std::string& db) {
  const std::string command =
      std::string(MAZEWORKS_BINARY) + " serve --port 0 --address 127.0.0.1 --db '" + db + "' 2>&1";
  FILE* out = popen(command.c_str(), "r");
  std::string text;
  char buffer[512];
  while (fgets(buffer, sizeof buffer, out) != nullptr) text += buffer;
  const int status = pclose(out);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

TEST(PgServe, AnUnreachableOrMalformedDatabaseStopsServeWithAClearError) {
  const auto [refused, refused_text] = serve_with("postgresql://postgres:pw@127.0.0.1:1/mazeworks");
  EXPECT_NE(refused, 0);
  EXPECT_NE(refused_text.find("mazeworks: database: cannot connect to "
                              "postgresql://postgres@127.0.0.1:1/mazeworks"),
            std::string::npos)
      << refused_text;
  const auto [malformed, malformed_text] = serve_with("postgres://127.0.0.1/x?nonsense=1");
  EXPECT_NE(malformed, 0);
  EXPECT_NE(malformed_text.find("not a PostgreSQL URL"), std::string::npos) << malformed_text;
  const auto [unknown, unknown_text] = serve_with("mysql://127.0.0.1/x");
  EXPECT_NE(unknown, 0);
  EXPECT_NE(unknown_text.find("unsupported database URL mysql://"), std::string::npos)
      << unknown_text;
}

}  // namespace
}  // namespace mw::server
