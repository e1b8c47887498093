#pragma once
// Helpers for tests of several server instances on one PostgreSQL database: an in-process instance
// (a store, a match service, the listener that makes it catch up), waiting for instances to agree,
// and the checks of one observer's messages (their order, and the hidden-information scan against
// the test's own replay of the final action list).
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/json.h"
#include "core/rng.h"
#include "games/all_games.h"
#include "server/cluster_sync.h"
#include "server/match_service.h"
#include "server/store.h"
#include "support/leak_check.h"

namespace mw::server::test {

// A deadline for waiting on other threads and processes: reaching it means something hangs.
inline constexpr auto kClusterHang = std::chrono::seconds(60);

// Polls `done` until it holds; false if it never does within kClusterHang.
inline bool wait_until(const std::function<bool()>& done) {
  const auto deadline = std::chrono::steady_clock::now() + kClusterHang;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

inline ServerLimits cluster_limits() {
  ServerLimits l;
  l.allow_client_seeds = true;
  return l;
}

// One `serve` instance without the sockets: its own store connection, match service and listener.
struct Instance {
  Instance(const std::string& url, bool group_commit, ClockSource clock = nullptr)
      : store(open_store(url)),
        service(std::make_unique<MatchService>(builtin_games(), *store, 1, group_commit,
                                               cluster_limits())) {
    if (clock) service->set_clock_source(std::move(clock));
    sync = std::make_unique<ClusterSync>(*service, url);
  }
  ~Instance() { stop(); }
  // As if the process were gone: it hears nothing more and its service stops.
  void stop() {
    sync.reset();
    service.reset();
    store.reset();
  }
  std::uint64_t version(const std::string& match) {
    std::uint64_t v = 0;
    service->inspect(match, [&](const LiveMatch& m) { v = m.version(); });
    return v;
  }
  ActionList actions(const std::string& match) {
    ActionList out;
    service->inspect(match, [&](const LiveMatch& m) {
      for (const Event& e : m.events()) out.push_back(e.action);
    });
    return out;
  }
  std::unique_ptr<Store> store;
  std::unique_ptr<MatchService> service;
  std::unique_ptr<ClusterSync> sync;
};

// The state messages among `texts`, parsed.
inline std::vector<Json> state_messages(const std::vector<std::string>& texts) {
  std::vector<Json> out;
  for (const std::string& t : texts) {
    Json m = Json::parse(t);
    if (m["type"] == "state") out.push_back(std::move(m));
  }
  return out;
}

// Every state message continues the one before: the first holds the whole log (events_from 0),
// each next one starts where the previous ended and adds events; nothing is skipped or told
// twice. `resyncs`: a full state (events_from 0, after a refused stale move) may come between.
inline void expect_in_order(const std::vector<Json>& states, const std::string& who,
                            bool resyncs = false) {
  std::optional<std::uint64_t> last;
  for (const Json& m : states) {
    const std::uint64_t from = m["events_from"], version = m["version"];
    EXPECT_EQ(version, from + m["events"].size()) << who;
    if (!last || (resyncs && from == 0)) {
      EXPECT_EQ(from, 0u) << who;
      if (last) {
        EXPECT_GE(version, *last) << who;
      }
    } else {
      EXPECT_EQ(from, *last) << who << ": a message skipped or repeated events";
      EXPECT_GT(version, *last) << who << ": a message with nothing new";
    }
    last = version;
  }
}

// The hidden-information scan of one observer's state messages, against the test's replay of
// `actions` (the match's final list): each message is checked at the place in the match where the
// observer had been told `version` events.
inline void scan_for_leaks(const std::string& game, const Json& options, Player observer,
                           const std::vector<Json>& states, const ActionList& actions,
                           std::uint64_t seed) {
  const State start = builtin_games().load(game, options).new_initial_state();
  Shadow full(start);
  for (const Action a : actions) full.apply(a);
  const std::size_t who = observer >= 0 ? static_cast<std::size_t>(observer)
                                        : static_cast<std::size_t>(start.num_players());
  Shadow shadow(start);
  std::size_t told = 0;
  Rng rng(seed);
  LeakCheck check(game, observer, rng);
  for (const Json& m : states) {
    const std::uint64_t version = m["version"];
    // Up to just before the next event told to this observer (steps it is not told of change
    // nothing it sees).
    while (shadow.told.size() < actions.size() &&
           (told < version || full.told[shadow.told.size()][who].empty())) {
      if (!full.told[shadow.told.size()][who].empty()) ++told;
      shadow.apply(actions[shadow.told.size()]);
    }
    check.check(m, shadow);
  }
  EXPECT_EQ(check.checked, static_cast<int>(states.size())) << game;
}

}  // namespace mw::server::test
