// Durability: a real `mazeworks serve` process is killed with SIGKILL at random moments (right
// after a move was sent, before or after its acknowledgement could be written), restarted on the
// same database, and every acknowledged move must still be there, told the same way, and play
// must continue — a computer seat's included.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>

#include "core/json.h"
#include "core/rng.h"
#include "server/net_client.h"
#include "support/scratch_dir.h"
#include "support/server_process.h"
#include "support/ws_messages.h"

namespace mw::server {
namespace {

using test::next_state_or_patch;
using test::ServerProcess;

struct TrackedMatch {
  std::string id;
  std::vector<std::string> tokens;   // per human seat ("" for a computer seat)
  std::uint64_t acknowledged = 0;    // version the server confirmed after our last move
  Json events_seen = Json::array();  // seat 0's log up to `acknowledged`
};

// Connects as the seat to act, makes one random move and waits for its acknowledgement, unless
// `kill_after_send` fires first. Returns false when the match is over.
bool play_one(ServerProcess& server, TrackedMatch& m, Rng& rng, bool kill_after_send) {
  const Json status =
      Json::parse(http_request("127.0.0.1", server.port(), "GET", "/api/matches/" + m.id).body);
  if (status["status"] == "finished") return false;
  int seat = status["to_act"].is_number() ? status["to_act"].get<int>() : 0;
  if (m.tokens[seat].empty()) seat = 0;  // a computer is to act: wait as seat 0
  WsClient c("127.0.0.1", server.port());
  c.send(Json{{"type", "hello"}, {"match", m.id}, {"token", m.tokens[seat]}}.dump());
  Json state = next_state_or_patch(c);
  while (state["status"] != "finished" && state["to_act"] != seat) state = next_state_or_patch(c);
  if (state["status"] == "finished") return false;
  const Json& legal = state["legal"];
  const std::uint64_t version = state["version"];
  c.send(Json{{"type", "act"}, {"action", legal[rng.below(legal.size())]}, {"version", version}}
             .dump());
  if (kill_after_send) {
    server.kill9();
    return true;
  }
  Json ack = next_state_or_patch(c);
  EXPECT_GT(ack["version"].get<std::uint64_t>(), version);
  m.acknowledged = ack["version"];
  return true;
}

// Seat 0's full log as the server now tells it.
Json seat0_log(unsigned short port, const TrackedMatch& m) {
  const HttpResult r =
      http_request("127.0.0.1", port, "GET", "/api/matches/" + m.id + "/record", "", m.tokens[0]);
  return Json::parse(r.body);
}

TEST(Durability, KilledServerKeepsEveryAcknowledgedMoveAndPlayContinues) {
  const test_support::ScratchDir dir("durability");
  const std::string db = (dir / "d.db").string();
  Rng rng(2024);
  std::vector<TrackedMatch> matches;
  {
    ServerProcess server(db);
    for (const char* spec :
         {R"({"game": "treasure-hunt", "seed": 1})", R"({"game": "pathfinder-cards", "seed": 2})",
          R"({"game": "treasure-hunt", "seed": 3,
                                 "seats": ["human", {"agent": "random"}]})"}) {
      const HttpResult made =
          http_request("127.0.0.1", server.port(), "POST", "/api/matches", spec);
      ASSERT_EQ(made.status, 201) << made.body;
      TrackedMatch m;
      const Json summary = Json::parse(made.body);
      m.id = summary["match"];
      for (const Json& seat : summary["seats"]) {
        if (seat["kind"] != "human") {
          m.tokens.push_back("");
          continue;
        }
        const HttpResult j =
            http_request("127.0.0.1", server.port(), "POST", "/api/matches/" + m.id + "/join",
                         Json{{"seat", seat["seat"]}}.dump());
        m.tokens.push_back(Json::parse(j.body)["token"]);
      }
      matches.push_back(std::move(m));
    }
  }  // killed: the matches themselves must survive too
  constexpr int kRestarts = 6;
  int moves_after_restarts = 0;
  for (int round = 0; round < kRestarts; ++round) {
    ServerProcess server(db);
    for (auto& m : matches) {
      const Json log = seat0_log(server.port(), m);
      ASSERT_TRUE(log.contains("events") || log.contains("actions")) << log.dump();
      if (log.contains("events")) {
        ASSERT_GE(log["version"].get<std::uint64_t>(), m.acknowledged) << "round " << round;
        for (std::size_t i = 0; i < m.events_seen.size(); ++i) {
          EXPECT_EQ(log["events"][i], m.events_seen[i]) << "round " << round << " event " << i;
        }
      } else {
        EXPECT_GE(log["actions"].size(), m.acknowledged);
      }
    }
    const int moves = 5 + static_cast<int>(rng.below(20));
    bool killed = false;
    for (int n = 0; n < moves && !killed; ++n) {
      TrackedMatch& m = matches[rng.below(matches.size())];
      killed = n == moves - 1;
      if (play_one(server, m, rng, killed) && !killed) {
        ++moves_after_restarts;
        const Json log = seat0_log(server.port(), m);
        if (log.contains("events")) m.events_seen = log["events"];
      }
    }
    server.kill9();
  }
  EXPECT_GT(moves_after_restarts, kRestarts * 3);
}

}  // namespace
}  // namespace mw::server
