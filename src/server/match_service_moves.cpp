// MatchService: connections and moves (attach, act, sync), commits, per-move clocks, pushes.
#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "core/json_text.h"
#include "core/rng.h"
#include "server/match_service.h"
#include "server/match_service_detail.h"
#include "server/messages.h"
#include "server/server_error.h"

namespace mw::server {

using detail::plan_move;
using detail::refusal;

std::shared_ptr<Subscription> MatchService::attach(const std::string& id,
                                                   const std::optional<std::string>& token,
                                                   Subscription::Sink send) {
  auto [entry, lock] = lock_match(id);
  catch_up_if_shared(entry);  // a client come from another instance sees at least what it saw
  auto sub = std::make_shared<Subscription>();
  sub->match = id;
  sub->syncs = TokenBucket(limits_.syncs_per_second, std::max(2.0, 2 * limits_.syncs_per_second));
  sub->suggestions = TokenBucket(limits_.suggestions_per_second,
                                 std::max(2.0, 3 * limits_.suggestions_per_second));
  if (token) {
    const auto seat = entry->match->authenticate(*token);
    if (!seat) fail("unauthorized", 403, "that token is not a seat of this match");
    sub->observer = *seat;
    claim(*entry, *seat);
  }
  entry->last_active = now_();
  sub->sink = std::move(send);
  send_full_state(*entry, *sub);
  const bool first_of_seat = sub->observer >= 0 && !entry->holds_seat(sub->observer);
  entry->subs.push_back(sub);
  if (first_of_seat) announce(*entry, sub->observer, "connected");
  return sub;
}

void MatchService::detach(const std::shared_ptr<Subscription>& sub) {
  std::shared_ptr<Entry> entry;
  {
    std::shared_lock lock(matches_mutex_);
    const auto it = matches_.find(sub->match);
    if (it == matches_.end()) return;  // never attached
    entry = it->second;
  }
  std::lock_guard lock(entry->mutex);
  if (std::erase(entry->subs, sub) == 0) return;
  entry->last_active = now_();
  if (!entry->watches(sub->observer)) entry->views.forget(*entry->match, sub->observer);
  const bool last_of_seat = sub->observer >= 0 && !entry->holds_seat(sub->observer);
  if (last_of_seat && !entry->evicted) announce(*entry, sub->observer, "disconnected");
}

void MatchService::act(const std::shared_ptr<Subscription>& sub, const std::string& text,
                       std::uint64_t version) {
  auto [entry, lock] = lock_match(sub->match);
  act_locked(entry, sub, text, version);
}

bool MatchService::committing(const Entry& entry) {
  return entry.committing;
}

void MatchService::defer(const std::shared_ptr<Entry>& entry, std::function<void()> job) {
  entry->deferred.push_back([entry, job = std::move(job)] {
    std::lock_guard lock(entry->mutex);
    job();
  });
}

void MatchService::act_locked(const std::shared_ptr<Entry>& entry,
                              const std::shared_ptr<Subscription>& sub, const std::string& text,
                              std::uint64_t version) {
  if (defer_while_committing(entry, [=, this] { act_locked(entry, sub, text, version); })) return;
  LiveMatch& m = *entry->match;
  // A client ahead of this instance saw moves committed through another one: read them first.
  if (sub->observer >= 0 && version > m.version_for(sub->observer)) catch_up_if_shared(entry);
  const auto again = [=, this] { act_locked(entry, sub, text, version); };
  try {
    // Only a store shared with other instances can turn a commit down for a conflict.
    advance(entry, plan_move(m, sub->observer, text, version), sub,
            store_.shared() ? std::function<void()>(again) : nullptr);
  } catch (const std::exception& e) {
    // Another instance appended first: judge the move again against the match as it is now.
    if (caught_up_after_conflict(entry, e)) return again();
    sub->send(refusal(e, m.version_for(sub->observer), "act"));
    int status = 0;
    // A stale move gets the state it missed, as often as a sync would.
    if (error_json(e, status)["code"] == "stale_version" && sub->syncs.take()) {
      send_full_state(*entry, *sub);
    }
  }
}

void MatchService::resync(const std::shared_ptr<Subscription>& sub) {
  auto [entry, lock] = lock_match(sub->match);
  if (!sub->syncs.take()) {
    sub->send(error_message("rate_limited",
                            fmt::format("at most {} syncs a second; the state follows every "
                                        "change without asking",
                                        limits_.syncs_per_second),
                            entry->match->version_for(sub->observer), "sync")
                  .dump());
    return;
  }
  send_full_state(*entry, *sub);
}

void MatchService::send_full_state(Entry& entry, Subscription& sub) {
  const LiveMatch& m = *entry.match;
  sub.send(state_message_text(m, sub.observer, 0, entry.views.current_text(m, sub.observer)),
           MessageKind::kFullState);
  sub.sent_version = m.version_for(sub.observer);
}

// Persist, then apply, then tell: nobody hears of a move the database does not hold.
void MatchService::advance_now(Entry& entry, const ActionList& actions) {
  store_.append_actions(entry.match->id(), entry.match->version(), actions);
  entry.moved_here = true;
  apply_and_push(entry, actions);
}

void MatchService::apply_and_push(Entry& entry, const ActionList& actions) {
  LiveMatch& m = *entry.match;
  entry.last_active = now_();
  // Each computer seat sees the moves it may see. An agent thinking meanwhile on a pool thread is
  // one that owns its own locking (IsmctsAgent does).
  tell_moves(entry.agents, m.state(), actions);
  m.commit(actions);
  if (m.finished()) {
    if (committer_) {
      committer_->submit(Append{m.id(), 0, {}, true}, nullptr);
    } else {
      store_.set_finished(m.id());
    }
  }
  arm_clock(entry);
  push(entry);
}

// A deadline for the human seat to act, once every human seat has joined; none otherwise.
void MatchService::arm_clock(Entry& entry) {
  const LiveMatch& m = *entry.match;
  entry.deadline.reset();
  if (m.setup().move_ms <= 0) return;
  const auto seat = m.seat_to_act();
  if (!seat || m.is_agent_seat(*seat)) return;
  for (Player s = 0; s < m.num_seats(); ++s) {
    if (!m.is_agent_seat(s) && !m.joined(s)) return;
  }
  entry.deadline = now_() + std::chrono::milliseconds(m.setup().move_ms);
  entry.deadline_version = m.version();
}

std::size_t MatchService::expire_clocks() {
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::shared_lock lock(matches_mutex_);
    for (const auto& [id, e] : matches_) all.push_back(e);
  }
  std::size_t played = 0;
  const ClockTime now = now_();
  for (const auto& entry : all) {
    std::lock_guard lock(entry->mutex);
    const LiveMatch& m = *entry->match;
    if (entry->takeover && now >= *entry->takeover && !entry->committing) {
      // The instance that moved last has not played for the computer seat: this one does.
      entry->takeover.reset();
      entry->moved_here = true;
      schedule_agent(entry);
    }
    // Another instance moved last: it plays for a seat out of time; this one only if it does not.
    const auto grace = entry->moved_here ? std::chrono::milliseconds(0) : takeover_delay();
    if (!entry->deadline || now < *entry->deadline + grace || entry->committing ||
        m.version() != entry->deadline_version) {
      continue;
    }
    entry->deadline.reset();
    // The seat's own stream (the one a computer seat would use at this version).
    Rng rng(derive_seed(m.setup().seed, 2 * m.version() + 2));
    const ActionList legal = m.state().legal_actions();
    try {
      advance(entry, m.plan_action(legal[rng.below(legal.size())]), nullptr);
      ++played;
    } catch (const std::exception& e) {
      // The database refused (or another instance played first: then the match caught up):
      // nothing was played here; the seat keeps the move (no deadline now).
      caught_up_after_conflict(entry, e);
    }
  }
  return played;
}

void MatchService::advance(const std::shared_ptr<Entry>& entry, const ActionList& actions,
                           std::shared_ptr<Subscription> mover, std::function<void()> retry) {
  if (!committer_) {
    advance_now(*entry, actions);
    schedule_agent(entry);
    return;
  }
  Append append{entry->match->id(), entry->match->version(), actions, false};
  if (round_.service != this) {
    if (auto told = committer_->commit_here_if_idle({append})) {
      conclude_commit(entry, actions, mover, told->front(), retry);
      return;
    }
  } else if (committer_->commits_rounds_in_place()) {
    // Read in a round: committed with the round's other moves at its end, in one transaction in
    // place unless the committer is busy then.
    entry->committing = true;
    round_.appends.push_back(std::move(append));
    round_.moves.push_back(MoveInCommit{entry, actions, std::move(mover), std::move(retry)});
    return;
  }
  entry->committing = true;
  submit_commit(std::move(append),
                MoveInCommit{entry, actions, std::move(mover), std::move(retry)});
}

void MatchService::submit_commit(Append append, MoveInCommit move) {
  // The committer hands each transaction's callbacks to run_after_commit, together.
  committer_->submit(std::move(append), [this, move = std::move(move)](std::exception_ptr error) {
    finish_commit(move, error);
  });
}

thread_local MatchService::Round MatchService::round_;

void MatchService::begin_round() {
  if (round_.service == nullptr) round_.service = this;
}

void MatchService::end_round() {
  if (round_.service != this) return;
  // Telling a held move runs the messages that waited for it, which may hold further moves.
  while (!round_.moves.empty()) {
    commit_round(std::exchange(round_.appends, {}), std::exchange(round_.moves, {}));
  }
  round_.service = nullptr;
}

void MatchService::commit_round(std::vector<Append> appends, std::vector<MoveInCommit> moves) {
  if (auto told = committer_->commit_here_if_idle(appends, GroupCommitter::Batch::kRound)) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      try {
        finish_commit(moves[i], (*told)[i]);
      } catch (...) {
        // As on the commit thread: one move's failure to be told must not stop the others.
      }
    }
    return;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    submit_commit(std::move(appends[i]), std::move(moves[i]));
  }
}

// After the commit (or its failure): apply and tell, then run the moves that waited for it.
void MatchService::finish_commit(const MoveInCommit& move, std::exception_ptr error) {
  Entry& entry = *move.entry;
  std::vector<std::function<void()>> waiting;
  {
    std::lock_guard lock(entry.mutex);
    entry.committing = false;
    conclude_commit(move.entry, move.actions, move.mover, error, move.retry);
    waiting.swap(entry.deferred);
  }
  for (auto& job : waiting) job();
}

void MatchService::conclude_commit(const std::shared_ptr<Entry>& entry, const ActionList& actions,
                                   const std::shared_ptr<Subscription>& mover,
                                   std::exception_ptr error, const std::function<void()>& retry) {
  if (error) {
    // Not stored, so not made; the mover hears why (a computer seat tries again on restart),
    // unless another instance appended first: then the move is judged again on the new match.
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      if (caught_up_after_conflict(entry, e)) {
        if (retry) retry();
      } else if (mover) {
        int status = 0;
        const Json err = error_json(e, status);
        mover->send(error_message(err["code"].get<std::string>(), err["message"].get<std::string>(),
                                  entry->match->version_for(mover->observer), "act")
                        .dump());
      }
    }
  } else {
    entry->moved_here = true;
    apply_and_push(*entry, actions);
    schedule_agent(entry);
  }
}

// Each observer hears of the events it is told of; one told nothing of these actions gets no
// message at all (its view is unchanged, and a message would count the secret steps for it).
void MatchService::push(Entry& entry, bool ending) {
  const int seats = entry.match->num_seats();
  PatchMemo memo;  // for this move only: kept per match, it would hold two views each
  for (int i = 0; i <= seats; ++i) push_to(entry, i < seats ? i : kSpectator, ending, memo);
}

// The observer's new view is built once, and its message written once, however many connections
// show it: they were all sent the same view before (the one ObserverViews kept), so the same
// patch fits them all. One that was not gets the whole state instead.
void MatchService::push_to(Entry& entry, Player observer, bool ending, PatchMemo& memo) {
  const LiveMatch& m = *entry.match;
  const std::uint64_t now = m.version_for(observer);
  std::vector<Subscription*> due;
  for (const auto& sub : entry.subs) {
    if (sub->observer == observer && (ending || sub->sent_version != now)) due.push_back(sub.get());
  }
  if (due.empty()) return;
  const ObserverViews::Change change = entry.views.advance(m, observer, memo);
  std::string patch_text;
  for (Subscription* sub : due) {
    if (change.base && sub->sent_version == *change.base) {
      if (patch_text.empty()) {
        patch_text = patch_message(m, observer, *change.base, change.patch);
      }
      sub->send(patch_text, MessageKind::kState);
      sub->sent_version = now;
    } else {
      send_full_state(entry, *sub);
    }
  }
}

void MatchService::announce(Entry& entry, Player seat, std::string_view event) {
  std::vector<bool> connected;
  for (Player s = 0; s < entry.match->num_seats(); ++s) connected.push_back(entry.holds_seat(s));
  const std::string text = presence_message(*entry.match, connected, seat, event).dump();
  for (const auto& sub : entry.subs) sub->send(text);
}

}  // namespace mw::server
