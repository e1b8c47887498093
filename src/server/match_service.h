#pragma once
// The match service: every match in memory, persisted through the Store, with the observers
// (connections) attached to each. The HTTP API and the WebSocket sessions are thin layers over it;
// it never touches a socket, so tests drive it directly. Thread-safe: each match has its own lock;
// computer seats think on the worker pool without holding it.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/json.h"
#include "core/registry.h"
#include "server/live_match.h"
#include "server/store.h"
#include "server/worker_pool.h"

namespace mw::server {

// Limits that keep one client from exhausting the server.
inline constexpr std::size_t kMaxActionTextBytes = 4096;
inline constexpr std::size_t kMaxMatchesInMemory = 100'000;

// One attached observer: a seat (authenticated by its token) or a spectator. `send` must not block
// (the network layer queues the text); it is called with the match's lock held, in version order.
struct Subscription {
  using Sink = std::function<void(const std::string&)>;
  std::string match;
  Player observer = kSpectator;
  Sink send;
  std::uint64_t sent_version = 0;  // events before this index were sent already
};

class MatchService {
 public:
  MatchService(const Registry& registry, Store& store, int agent_threads);
  ~MatchService();  // lets queued computer moves finish

  // Rebuilds every stored match by replaying its actions; restarts computer seats. Returns how
  // many matches were loaded.
  std::size_t restore();

  // --- the HTTP API's operations (docs/server.md). Each throws ServerError or Error on refusal.
  Json games() const;
  // {"game", "options"?, "seats"?: ["human" | {"agent": spec}, ...], "public"?, "seed"?}
  Json create_match(const Json& request);
  // {"seat"?: n} → {"match", "seat", "token"}. The token is shown once and stored hashed.
  Json join(const std::string& match, const Json& request);
  Json status(const std::string& match) const;
  Json list_public() const;
  // The full record once finished; during play the log as told to the token's seat (or to a
  // spectator without a token).
  Json record(const std::string& match, const std::optional<std::string>& token) const;

  // --- connections. attach() authenticates (no token: spectator), sends the full state, and
  // keeps sending after every change until detach().
  std::shared_ptr<Subscription> attach(const std::string& match,
                                       const std::optional<std::string>& token,
                                       Subscription::Sink send);
  void detach(const std::shared_ptr<Subscription>& sub);
  // A move in notation at the version the client saw. Refusals go to the subscription as an
  // error message (and a stale version also gets a full resync); nothing changes.
  void act(const std::shared_ptr<Subscription>& sub, const std::string& text,
           std::uint64_t version);
  void resync(const std::shared_ptr<Subscription>& sub);

  // Tests: runs `f` on the match under its lock; blocks until the computer seats are quiet.
  void inspect(const std::string& match, const std::function<void(const LiveMatch&)>& f) const;
  void wait_idle();

 private:
  struct Entry;
  std::shared_ptr<Entry> find(const std::string& match) const;
  std::shared_ptr<Entry> add(std::unique_ptr<LiveMatch> match);
  void advance(Entry& entry, const ActionList& actions);
  void push(Entry& entry);
  void schedule_agent(const std::shared_ptr<Entry>& entry);
  void agent_move(const std::shared_ptr<Entry>& entry, std::uint64_t version);

  const Registry& registry_;
  Store& store_;
  mutable std::shared_mutex matches_mutex_;
  std::map<std::string, std::shared_ptr<Entry>> matches_;
  WorkerPool pool_;  // last: its destructor runs first, finishing jobs that use the members above
};

}  // namespace mw::server
