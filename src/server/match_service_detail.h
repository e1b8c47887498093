#pragma once
// MatchService's internals shared by its source files: the per-match Entry and the move checks.
#include <algorithm>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/agent.h"
#include "server/live_match.h"
#include "server/match_service.h"
#include "server/observer_views.h"

namespace mw::server {

struct MatchService::Entry {
  explicit Entry(std::unique_ptr<LiveMatch> m) : match(std::move(m)) {}
  mutable std::mutex mutex;
  std::unique_ptr<LiveMatch> match;
  std::uint64_t sequence = 0;                  // creation order, for the lobby's list
  std::vector<std::unique_ptr<Agent>> agents;  // per seat; null for human seats
  std::vector<std::shared_ptr<Subscription>> subs;
  // A connection holds `seat` now (presence messages).
  bool holds_seat(Player seat) const { return seat >= 0 && watches(seat); }
  // A connection shows what `observer` (a seat or the spectator) sees.
  bool watches(Player observer) const {
    return std::any_of(subs.begin(), subs.end(),
                       [&](const auto& sub) { return sub->observer == observer; });
  }
  // The view last sent to each observer watched (patches are diffs against it).
  ObserverViews views;
  bool agent_busy = false;  // one computer move in flight per match
  // Several instances: this instance made the match's last move (or loaded it fresh), so its
  // computer seats and clocks act; otherwise it waits until `takeover` for the one that did.
  bool moved_here = true;
  std::optional<ClockTime> takeover;
  bool agents_started = false;  // its opening chance drawn, clock armed and computer seats going
  bool evicted = false;         // left memory: whoever still holds it must not use it for pushes
  // A move is being committed: the match's next move can only be planned after it is applied, so
  // moves that arrive meanwhile wait here and run, in order, once it is.
  bool committing = false;
  std::vector<std::function<void()>> deferred;
  // Per-move clock: when the human seat to act at `deadline_version` runs out of time.
  std::optional<ClockTime> deadline;
  std::uint64_t deadline_version = 0;
  // When something last happened (a move, a connection, a join): idle matches leave memory.
  ClockTime last_active{};
  // Suggestions asked for in this match, all connections together (ServerLimits).
  TokenBucket suggestions{0, 1};
  int suggestions_running = 0;
};

namespace detail {

std::uint64_t fresh_seed();
std::int64_t unix_seconds_now();

// What act() checks before anything is stored; throws the refusal. Changes nothing.
ActionList plan_move(const LiveMatch& m, Player observer, const std::string& text,
                     std::uint64_t version);

// An error message for a refusal of the client's `request`, at the match's version.
std::string refusal(const std::exception& e, std::uint64_t version, const std::string& request);

}  // namespace detail

}  // namespace mw::server
