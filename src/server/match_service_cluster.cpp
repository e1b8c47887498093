// MatchService across several server instances on one database (Store::shared(), PostgreSQL).
// Each instance keeps the matches it serves in memory as a cache of the store. Another instance's
// commit is announced (ClusterSync, cluster_sync.h); an instance holding that match reads the
// actions it lacks and applies them in order, pushing each observer what it may see exactly as for
// a move played here. A conditional append (Store::append_actions) refused because another
// instance appended first makes the match catch up, and the move is judged again on the new
// state: it is refused if it no longer applies, so no move is ever applied twice.
#include <fmt/format.h>

#include <algorithm>

#include "server/match_service.h"
#include "server/match_service_detail.h"
#include "server/messages.h"

namespace mw::server {

std::chrono::milliseconds MatchService::takeover_delay() const {
  // Longer than any computer move may think, plus the commit and the notice's way here.
  return std::chrono::milliseconds(limits_.max_think_ms) + std::chrono::seconds(3);
}

void MatchService::heard_commit(const std::string& id, std::uint64_t actions, bool refresh) {
  std::shared_ptr<Entry> entry;
  {
    std::shared_lock lock(matches_mutex_);
    const auto it = matches_.find(id);
    if (it == matches_.end()) return;  // not held here: it is read from the store when asked for
    entry = it->second;
  }
  run_after_commit([this, entry, actions, refresh] {
    std::lock_guard lock(entry->mutex);
    follow_notice(entry, actions, refresh);
  });
}

void MatchService::follow_notice(const std::shared_ptr<Entry>& entry, std::uint64_t actions,
                                 bool refresh) {
  if (entry->evicted) return;
  // This instance's own commit in flight: judged once it is applied (then usually nothing is new).
  if (defer_while_committing(entry, [=, this] { follow_notice(entry, actions, refresh); })) return;
  if (!refresh && actions <= entry->match->version()) return;  // this instance's own, or known
  catch_up_if_shared(entry);
}

void MatchService::catch_up_all() {
  std::vector<std::pair<std::string, std::uint64_t>> held;
  {
    std::shared_lock lock(matches_mutex_);
    for (const auto& [id, e] : matches_) held.emplace_back(id, 0);
  }
  for (const auto& [id, actions] : held) heard_commit(id, actions, /*refresh=*/true);
}

void MatchService::catch_up_if_shared(const std::shared_ptr<Entry>& entry) {
  if (!store_.shared()) return;
  try {
    catch_up_locked(entry);
  } catch (const std::exception& e) {
    // The database is unreachable for now: the match stays as it is; the next notice, request
    // or conflict tries again.
    fmt::print(stderr, "mazeworks serve: match {} not caught up: {}\n", entry->match->id(),
               e.what());
  }
}

bool MatchService::caught_up_after_conflict(const std::shared_ptr<Entry>& entry,
                                            const std::exception& error) {
  if (dynamic_cast<const AppendConflict*>(&error) == nullptr || !store_.shared()) return false;
  try {
    return catch_up_locked(entry);
  } catch (const std::exception&) {
    return false;
  }
}

bool MatchService::catch_up_locked(const std::shared_ptr<Entry>& entry) {
  // A commit of this instance in flight: what the store holds past the version may be that very
  // commit, which finish_commit applies; reading it here would apply it twice.
  if (!store_.shared() || entry->committing || entry->evicted) return false;
  LiveMatch& m = *entry->match;
  const std::optional<MatchChanges> changes = store_.load_changes(m.id(), m.version());
  if (!changes) return false;
  bool changed = false, seats_changed = false;
  const Player seats = std::min<Player>(m.num_seats(), static_cast<Player>(changes->tokens.size()));
  for (Player s = 0; s < seats; ++s) {
    const SeatToken& now = changes->tokens[static_cast<std::size_t>(s)];
    if (now.hash == m.token(s).hash && now.claimed == m.token(s).claimed) continue;
    const bool joined = !m.joined(s) && !now.hash.empty();
    seats_changed |= m.joined(s) != !now.hash.empty();
    m.set_token(s, now);
    changed = true;
    if (joined) announce(*entry, s, "joined");
  }
  if (!changes->actions.empty()) {
    // The instance that made these moves plays for the computer seats and the clock next.
    entry->moved_here = false;
    entry->takeover.reset();
    apply_and_push(*entry, changes->actions);
    changed = true;
  } else if (seats_changed) {
    arm_clock(*entry);  // the clock starts once every human seat has joined
  }
  if (changes->resigned && !m.resigned()) {
    m.resign(*changes->resigned);
    entry->deadline.reset();
    // Every connection is told the ending, as for a resignation made here.
    push(*entry, /*ending=*/true);
    changed = true;
  }
  if (!changes->rematch.empty() && m.rematch().empty()) {
    m.set_rematch(changes->rematch);
    // The seats here ask for their token with a rematch request of their own (it gives the same
    // match and a token for a seat still free).
    for (const auto& sub : entry->subs) {
      const bool seated = sub->observer >= 0;
      sub->send(rematch_message(changes->rematch,
                                seated ? std::optional<Player>(sub->observer) : std::nullopt, "")
                    .dump());
    }
    changed = true;
  }
  if (changed) {
    entry->last_active = now_();
    schedule_agent(entry);
  }
  return changed;
}

Json MatchService::list_public_shared() const {
  Json out = Json::array();
  // The store's snapshot is at least as new as anything held here: each summary is rebuilt from
  // it (by replaying the match), without bringing the match into memory.
  for (const StoredMatch& stored : store_.load_public(kMaxListedMatches)) {
    try {
      out.push_back(match_summary(LiveMatch(registry_, stored)));
    } catch (const std::exception& e) {
      fmt::print(stderr, "mazeworks serve: match {} not listed: {}\n", stored.setup.id, e.what());
    }
  }
  return out;
}

}  // namespace mw::server
