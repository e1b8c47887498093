// Three real `mazeworks serve` processes on one PostgreSQL database. Matches of every game, each
// seat (and a spectator) connected to a different instance, are played by random clients while
// one instance at a time is killed with SIGKILL at random moments (sometimes with a move in
// flight) and started again; the clients of a killed instance reconnect to another one. Then:
// every acknowledged move is in the final log, each connection's messages come in order (each
// continues the one before), each reconnection's full state extends what that observer had been
// told, the stored actions replay, every instance reports the same match, and every message of
// every observer passes the hidden-information scan.
//
// CI runs 20 matches (4 of each game), 10 kills (2 under AddressSanitizer, where each kill costs
// seconds) and 20 moves between kills: about 5 s. The
// environment variable MAZEWORKS_CLUSTER_KILL="MATCHES_PER_GAME,KILLS,MOVES_BETWEEN_KILLS" runs
// it larger (docs/server.md, "Several instances", has the runs made by hand).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "server/net_client.h"
#include "server/pg_store.h"
#include "support/cluster_testing.h"
#include "support/pg_test_database.h"
#include "support/sanitizer_scale.h"
#include "support/server_process.h"
#include "support/state_follower.h"

namespace mw::server {
namespace {

using test::PgTestDatabase;
using test::ServerProcess;
using test::wait_until;

struct Scale {
  int matches_per_game = 4;
  int kills = mw::test_support::scaled_for_sanitizers(10);
  int moves_between_kills = 20;
};

Scale scale_from_environment() {
  Scale scale;
  if (const char* text = std::getenv("MAZEWORKS_CLUSTER_KILL")) {
    if (std::sscanf(text, "%d,%d,%d", &scale.matches_per_game, &scale.kills,
                    &scale.moves_between_kills) != 3 ||
        scale.matches_per_game < 1 || scale.kills < 0 || scale.moves_between_kills < 1) {
      ADD_FAILURE() << "MAZEWORKS_CLUSTER_KILL wants MATCHES_PER_GAME,KILLS,MOVES_BETWEEN_KILLS";
      return Scale{};
    }
  }
  return scale;
}

// One WebSocket connection of an observer, read by a thread of its own until it closes.
class Connection {
 public:
  Connection(unsigned short port, const std::string& match, const std::string& token)
      : ws_(std::make_unique<WsClient>("127.0.0.1", port)) {
    Json hello = {{"type", "hello"}, {"match", match}};
    if (!token.empty()) hello["token"] = token;
    ws_->send(hello.dump());
    reader_ = std::thread([this] {
      try {
        test::StateFollower follower;  // a patch is kept as the state message it makes
        for (;;) {
          Json m = Json::parse(ws_->receive());
          if (m["type"] == "patch") {
            Json followed = follower.follow(m);
            EXPECT_EQ(test::patch_values_outside(m["patch"], followed["view"]), "");
            m = std::move(followed);
          } else if (m["type"] == "state") {
            follower.follow(m);
          }
          std::lock_guard lock(mutex_);
          messages_.push_back(std::move(m));
        }
      } catch (const std::exception&) {
        closed_ = true;  // the instance is gone (or the test closed it)
      }
    });
  }
  ~Connection() { retire(); }  // the reader is blocked in receive(): abort() ends it
  bool closed() const { return closed_; }
  // Once its instance is gone: the thread and the socket go, the messages stay (a large run keeps
  // tens of thousands of connections and would run out of descriptors).
  void retire() {
    if (!reader_.joinable()) return;
    ws_->abort();
    reader_.join();
    ws_.reset();
  }
  void send(const Json& m) {
    if (!ws_) return;
    try {
      ws_->send(m.dump());
    } catch (const std::exception&) {
      // Killed meanwhile: the reader sees it too.
    }
  }
  std::vector<Json> messages() const {
    std::lock_guard lock(mutex_);
    return messages_;
  }
  std::size_t count() const {
    std::lock_guard lock(mutex_);
    return messages_.size();
  }
  std::vector<Json> states() const {
    std::vector<Json> out;
    for (Json& m : messages()) {
      if (m["type"] == "state") out.push_back(std::move(m));
    }
    return out;
  }

 private:
  std::unique_ptr<WsClient> ws_;
  mutable std::mutex mutex_;
  std::vector<Json> messages_;
  std::atomic<bool> closed_ = false;
  std::thread reader_;
};

// One observer of a match: its connections over time (one per instance it was connected to).
struct Observer {
  Player who = kSpectator;
  std::string token;
  int instance = 0;
  std::vector<std::unique_ptr<Connection>> connections;
  Connection& now() { return *connections.back(); }
  Json latest_state() const {
    const auto states = connections.back()->states();
    return states.empty() ? Json() : states.back();
  }
};

struct Match {
  std::string id, game;
  Json options;
  std::vector<Observer> observers;  // the seats, then the spectator
  bool finished = false;
  // Per seat: the events of every state that acknowledged one of its moves (each with its "n").
  std::vector<Json> acknowledged;
};

class Cluster {
 public:
  explicit Cluster(const std::string& url) : url_(url) {
    for (int i = 0; i < 3; ++i) start(i);
  }
  void start(int i) {
    instances_[i] = std::make_unique<ServerProcess>(
        url_, std::vector<std::string>{"--creates-per-minute", "0", "--joins-per-minute", "0"});
  }
  void kill_and_restart(int i) {
    instances_[i]->kill9();
    start(i);
  }
  unsigned short port(int i) const { return instances_[i]->port(); }

 private:
  std::string url_;
  std::unique_ptr<ServerProcess> instances_[3];
};

// The seat to act according to its own connection, once its state says so; -1 when finished.
Player wait_for_mover(Match& m) {
  Player mover = -1;
  const bool found = wait_until([&] {
    for (const Observer& o : m.observers) {
      const Json s = o.latest_state();
      if (s.is_null()) continue;
      if (s["status"] == "finished") return true;
      if (o.who >= 0 && s["to_act"] == o.who) {
        mover = o.who;
        return true;
      }
    }
    return false;
  });
  EXPECT_TRUE(found) << m.game << " " << m.id << ": nobody to act";
  return mover;
}

// Reconnects every observer whose connection closed (its instance was killed) to another instance.
void reconnect_dropped(Match& m, Cluster& cluster, Rng& rng, int killed) {
  for (Observer& o : m.observers) {
    if (o.instance != killed) continue;
    ASSERT_TRUE(wait_until([&] { return o.now().closed(); }));
    o.now().retire();
    o.instance = (killed + 1 + static_cast<int>(rng.below(2))) % 3;
    o.connections.push_back(std::make_unique<Connection>(cluster.port(o.instance), m.id, o.token));
  }
}

// Sends one random move for the seat to act and waits for its acknowledgement; with `then_kill`
// the instance is killed as soon as the move is sent. Returns false when the match is over.
bool play_one(Match& m, Rng& rng, const std::function<void(int)>& kill, bool then_kill) {
  const Player seat = wait_for_mover(m);
  if (seat < 0) {
    m.finished = true;
    return false;
  }
  Observer& o = m.observers[static_cast<std::size_t>(seat)];
  const Json s = o.latest_state();
  const std::uint64_t version = s["version"];
  const std::size_t before = o.now().count();
  o.now().send(Json{
      {"type", "act"}, {"action", s["legal"][rng.below(s["legal"].size())]}, {"version", version}});
  if (then_kill) {
    kill(o.instance);
    return true;
  }
  Json ack;
  EXPECT_TRUE(wait_until([&] {
    const auto all = o.now().messages();
    for (std::size_t n = before; n < all.size(); ++n) {
      if (all[n]["type"] == "error") ADD_FAILURE() << m.game << ": " << all[n].dump();
      if (all[n]["type"] == "state" && all[n]["version"] > version) ack = all[n];
    }
    return !ack.is_null() || o.now().closed();
  }));
  if (!ack.is_null()) {
    for (const Json& e : ack["events"]) m.acknowledged[static_cast<std::size_t>(seat)].push_back(e);
  }
  return true;
}

// What an observer was told over all its connections: each connection's messages in order, each
// new connection's full state extending everything told before it.
Json check_stream(const Observer& o, const std::string& who) {
  Json told = Json::array();
  for (const auto& c : o.connections) {
    const std::vector<Json> states = c->states();
    test::expect_in_order(states, who);
    for (const Json& s : states) {
      const std::uint64_t from = s["events_from"];
      if (from == 0) {
        // A (re)connection: the whole log, which must keep everything told before.
        EXPECT_GE(s["events"].size(), told.size()) << who << ": events lost";
        for (std::size_t n = 0; n < told.size() && n < s["events"].size(); ++n) {
          EXPECT_EQ(s["events"][n], told[n]) << who << " event " << n;
        }
        told = s["events"];
      } else {
        for (const Json& e : s["events"]) told.push_back(e);
      }
    }
  }
  return told;
}

TEST(ClusterKill, ThreeInstancesLoseNothingAcknowledgedAndLeakNothingWhileKilledAtRandom) {
  const PgTestDatabase db;
  Cluster cluster(db.url());
  const Scale scale = scale_from_environment();
  Rng rng(3535);
  std::vector<Match> matches;
  int index = 0;
  for (const GameEntry* game : builtin_games().entries()) {
    for (int k = 0; k < scale.matches_per_game; ++k, ++index) {
      const HttpResult made =
          http_request("127.0.0.1", cluster.port(index % 3), "POST", "/api/matches",
                       Json{{"game", game->info.id}, {"seed", 100 + index}}.dump());
      ASSERT_EQ(made.status, 201) << made.body;
      const Json summary = Json::parse(made.body);
      Match m{summary["match"], game->info.id, summary["options"], {}, false, {}};
      const int seats = static_cast<int>(summary["seats"].size());
      for (int s = 0; s <= seats; ++s) {  // seat s through instance (index + s) % 3; the
        Observer o;                       // spectator (s == seats) through the next one
        o.who = s < seats ? s : kSpectator;
        o.instance = (index + s) % 3;
        if (s < seats) {
          const HttpResult joined =
              http_request("127.0.0.1", cluster.port(o.instance), "POST",
                           "/api/matches/" + m.id + "/join", Json{{"seat", s}}.dump());
          ASSERT_EQ(joined.status, 200) << joined.body;
          o.token = Json::parse(joined.body)["token"];
        }
        o.connections.push_back(
            std::make_unique<Connection>(cluster.port(o.instance), m.id, o.token));
        m.observers.push_back(std::move(o));
      }
      m.acknowledged.assign(static_cast<std::size_t>(seats), Json::array());
      matches.push_back(std::move(m));
    }
  }
  const auto kill = [&](int i) {
    cluster.kill_and_restart(i);
    for (Match& m : matches) reconnect_dropped(m, cluster, rng, i);
  };
  for (int round = 0; round <= scale.kills; ++round) {
    for (int n = 0; n < scale.moves_between_kills; ++n) {
      Match& m = matches[rng.below(matches.size())];
      if (!m.finished) play_one(m, rng, kill, /*then_kill=*/false);
    }
    if (round == scale.kills) break;
    // Half the kills come with a move in flight, the others between moves.
    Match& m = matches[rng.below(matches.size())];
    if (m.finished || rng.below(2) == 0 || !play_one(m, rng, kill, /*then_kill=*/true)) {
      kill(static_cast<int>(rng.below(3)));
    }
  }
  PgStore store(db.url());
  int moves = 0;
  for (Match& m : matches) {
    const std::optional<StoredMatch> stored = store.load(m.id);
    ASSERT_TRUE(stored) << m.id;
    moves += static_cast<int>(stored->actions.size());
    for (Observer& o : m.observers) {
      const std::string who = m.game + " " + m.id + " observer " + std::to_string(o.who);
      // A last look through a live instance: the observer's full log as stored now.
      o.now().retire();
      o.connections.push_back(
          std::make_unique<Connection>(cluster.port(o.instance), m.id, o.token));
      ASSERT_TRUE(wait_until([&] { return !o.now().states().empty(); }));
      const Json told = check_stream(o, who);
      if (o.who >= 0) {
        for (const Json& e : m.acknowledged[static_cast<std::size_t>(o.who)]) {
          const std::size_t n = e["n"];
          ASSERT_LT(n, told.size()) << who << ": an acknowledged move was lost";
          EXPECT_EQ(told[n], e) << who;
        }
      }
      std::vector<Json> states;
      for (const auto& c : o.connections) {
        for (Json& s : c->states()) states.push_back(std::move(s));
      }
      test::scan_for_leaks(m.game, m.options, o.who, states, stored->actions, 7);
    }
    // Every instance tells the same match.
    Json first;
    for (int i = 0; i < 3; ++i) {
      const Json status = Json::parse(
          http_request("127.0.0.1", cluster.port(i), "GET", "/api/matches/" + m.id).body);
      if (i == 0) first = status;
      EXPECT_EQ(status["version"], first["version"]) << m.id;
      EXPECT_EQ(status["status"], first["status"]) << m.id;
    }
  }
  EXPECT_GT(moves, scale.kills * scale.moves_between_kills / 2);
  std::size_t connections = 0;
  for (const Match& m : matches) {
    for (const Observer& o : m.observers) connections += o.connections.size();
  }
  std::printf("%zu matches, %d actions stored, %d kills, %zu connections\n", matches.size(), moves,
              scale.kills, connections);
}

// `mazeworks loadtest --ports`: each match's seats play through different instances.
TEST(ClusterLoad, ALoadRunSpreadOverThreeInstancesPlaysWithoutErrors) {
  const PgTestDatabase db;
  Cluster cluster(db.url());
  LoadtestConfig config;
  config.ports = {cluster.port(0), cluster.port(1), cluster.port(2)};
  config.matches = 6;
  config.max_moves = 20;
  const LoadtestResult r = run_loadtest(config);
  EXPECT_EQ(r.errors, 0);
  EXPECT_GT(r.moves, 6);
}

}  // namespace
}  // namespace mw::server
