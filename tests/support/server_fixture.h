#pragma once
// Server test helpers: an in-memory client of the match service (a ClientSession whose messages
// are kept) and a service over a fresh database (served on a port: served_server.h).
#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/json.h"
#include "games/all_games.h"
#include "server/client_session.h"
#include "server/match_service.h"
#include "server/store.h"
#include "support/scratch_dir.h"
#include "support/state_follower.h"

namespace mw::server::test {

// Collects every text the server sends to one connection. Sends may come from a worker thread.
// Presence messages (who joined, connected, disconnected) arrive between the others at any time:
// they are kept apart, so `last()` is the last answer or state. A patch is kept in `texts` as the
// state message it stands for (a client follows it: StateFollower), so a test reads whole states;
// `raw` holds every other message exactly as sent.
struct Inbox {
  std::mutex mutex;
  std::vector<std::string> texts;
  std::vector<std::string> raw;
  std::vector<Json> presence;
  StateFollower follower;
  Subscription::Sink sink() {
    return [this](const std::string& t, MessageKind) {
      std::lock_guard lock(mutex);
      Json j = Json::parse(t);
      if (j.value("type", "") == "presence") {
        presence.push_back(std::move(j));
        return;
      }
      raw.push_back(t);
      try {
        const Json state = follower.follow(j);
        texts.push_back(j.value("type", "") == "patch" ? state.dump() : t);
      } catch (const std::exception& e) {
        ADD_FAILURE() << "a client could not follow " << t << ": " << e.what();
        texts.push_back(t);
      }
    };
  }
  std::vector<std::string> raw_copy() {
    std::lock_guard lock(mutex);
    return raw;
  }
  std::vector<Json> presence_events() {
    std::lock_guard lock(mutex);
    return presence;
  }
  Json last() {
    std::lock_guard lock(mutex);
    return texts.empty() ? Json() : Json::parse(texts.back());
  }
  std::size_t size() {
    std::lock_guard lock(mutex);
    return texts.size();
  }
};

struct Client {
  explicit Client(MatchService& service) : session(service, inbox.sink()) {}
  void send(const Json& msg) { session.on_text(msg.dump()); }
  void hello(const std::string& match, const std::string& token = "") {
    Json m = {{"type", "hello"}, {"match", match}};
    if (!token.empty()) m["token"] = token;
    send(m);
  }
  void act(const std::string& action, std::uint64_t version) {
    send({{"type", "act"}, {"action", action}, {"version", version}});
  }
  Json last() { return inbox.last(); }
  Inbox inbox;  // before session: the session's sink points into it
  ClientSession session;
};

// A clock the test moves by hand (MatchService::set_clock_source): no test waits for time.
struct FakeClock {
  ClockTime now{};
  ClockSource source() {
    return [this] { return now; };
  }
};

// A service on a database file in a fresh temporary folder (removed by the destructor).
struct Fixture {
  // `in_memory`: no database file (tests that are not about persistence run faster).
  // `group_commit`: the server's mode (moves committed by the group committer, act() returns
  // before the commit); the service tests use the synchronous mode, the socket tests this one.
  explicit Fixture(const std::string& name, int agent_threads = 1, bool in_memory = false,
                   bool with_group_commit = false)
      : group_commit(with_group_commit), dir(name) {
    db = in_memory ? ":memory:" : (dir / "test.db").string();
    open(agent_threads);
  }
  // A service on `database` (what `serve --db` takes: a SQLite file, a PostgreSQL URL).
  Fixture(const std::string& name, const std::string& database) : dir(name), db(database) {
    open();
  }
  ~Fixture() { close(); }
  void open(int agent_threads = 1) {
    store = open_store(db, store_options);
    service = std::make_unique<MatchService>(builtin_games(), *store, agent_threads, group_commit,
                                             limits);
  }
  void close() {
    service.reset();
    store.reset();
  }
  bool group_commit = false;
  StoreOptions store_options{.sole_owner = true};  // open() reads them
  // The server's limits, but tests choose their seeds (a known deal makes a test repeatable).
  ServerLimits limits = [] {
    ServerLimits l;
    l.allow_client_seeds = true;
    return l;
  }();
  test_support::ScratchDir dir;  // before db: the database file lives in it
  std::string db;
  std::unique_ptr<Store> store;
  std::unique_ptr<MatchService> service;
};

}  // namespace mw::server::test
