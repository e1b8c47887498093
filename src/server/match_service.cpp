// MatchService: the matches in memory (loading, starting, sweeping) and its shared helpers.
#include "server/match_service.h"

#include <fmt/format.h>

#include <algorithm>

#include "ai/agents.h"
#include "server/match_service_detail.h"
#include "server/messages.h"
#include "server/server_error.h"
#include "server/tokens.h"

namespace mw::server {

using detail::unix_seconds_now;

namespace detail {

std::int64_t unix_seconds_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::uint64_t fresh_seed() {
  return random_u64();
}

// What act() checks before anything is stored; throws the refusal. Changes nothing.
ActionList plan_move(const LiveMatch& m, Player observer, const std::string& text,
                     std::uint64_t version) {
  if (observer < 0) fail("unauthorized", 403, "a spectator cannot move");
  if (text.size() > kMaxActionTextBytes) {
    fail("too_large", 413, fmt::format("an action is at most {} bytes", kMaxActionTextBytes));
  }
  return m.plan(observer, text, version);
}

// An error message for a refusal of the client's `request`, at the match's version.
std::string refusal(const std::exception& e, std::uint64_t version, const std::string& request) {
  int status = 0;
  const Json err = error_json(e, status);
  return error_message(err["code"].get<std::string>(), err["message"].get<std::string>(), version,
                       request)
      .dump();
}

}  // namespace detail

namespace {
// The commit thread gathers moves only while more matches are moving than a full transaction
// holds (64 moves): where fewer are, waiting for a transaction to fill held up a large share of
// them (Treasure Hunt, instant players, 2026-12-01: moves/s 23% less at 40 matches and 6% less at
// 64 when gathering; 3% more at 100, for 3 µs less CPU a move).
constexpr std::size_t kMinMovingMatchesToGather = CommitGathering{}.max_moves + 1;
// A move on its own (a computer seat's, or one made over HTTP) is committed on the thread it
// arrived on only while at most this many matches are moving (Treasure Hunt, instant players,
// 2026-12-02: 16% less CPU a move at 10 matches; at 40, committing each move read by the I/O loops
// in place whenever the commit thread was idle made 15% fewer moves a second). The moves of an I/O
// loop's round are committed in place at any load (GroupCommitter::Batch::kRound).
constexpr std::size_t kMaxMovingMatchesToCommitInPlace = 16;
}  // namespace

MatchService::MatchService(const Registry& registry, Store& store, int agent_threads,
                           bool group_commit, ServerLimits limits)
    : registry_(registry),
      store_(store),
      limits_(limits),
      committer_(group_commit
                     ? std::make_unique<GroupCommitter>(
                           store,
                           [this](std::function<void()> job) { run_after_commit(std::move(job)); },
                           GroupCommitter::Gathering{
                               .window = limits.commit_window,
                               .quiet = limits.commit_window / 4,
                               .min_moving_matches = kMinMovingMatchesToGather,
                               .max_moving_matches_in_place = kMaxMovingMatchesToCommitInPlace})
                     : nullptr),
      pool_(agent_threads) {}

MatchService::~MatchService() {
  stopping_ = true;  // searches stop now; no new computer moves: the pool and committer run dry
  set_executor(nullptr);
  wait_idle();
}

void MatchService::set_executor(Executor executor) {
  std::lock_guard lock(executor_mutex_);
  executor_ = std::move(executor);
}

void MatchService::run_after_commit(std::function<void()> job) {
  {
    std::lock_guard lock(executor_mutex_);
    if (executor_) {
      executor_(std::move(job));
      return;
    }
  }
  job();
}

std::shared_ptr<MatchService::Entry> MatchService::add(std::unique_ptr<LiveMatch> match) {
  auto entry = std::make_shared<Entry>(std::move(match));
  entry->sequence = next_sequence_++;
  const Game game = registry_.load(entry->match->setup().game, entry->match->setup().options);
  for (const SeatConfig& seat : entry->match->setup().seats) {
    entry->agents.push_back(seat.human ? nullptr : make_agent(game, seat.agent));
  }
  // A restored match: its agents watch the game so far, as they did before the restart.
  ActionList played;
  for (const Event& e : entry->match->events()) played.push_back(e.action);
  tell_moves(entry->agents, entry->match->start_state(), played);
  entry->last_active = now_();
  entry->suggestions = TokenBucket(2 * limits_.suggestions_per_second,
                                   std::max(2.0, 6 * limits_.suggestions_per_second));
  std::unique_lock lock(matches_mutex_);
  // Loaded twice at once (two requests for an evicted match): the first one in stays.
  const auto [it, inserted] = matches_.try_emplace(entry->match->id(), entry);
  return it->second;
}

std::pair<std::shared_ptr<MatchService::Entry>, std::unique_lock<std::mutex>>
MatchService::lock_match(const std::string& id) {
  for (;;) {
    auto entry = find(id);
    std::unique_lock lock(entry->mutex);
    if (!entry->evicted) return {std::move(entry), std::move(lock)};
  }
}

void MatchService::make_room() {
  {
    std::shared_lock lock(matches_mutex_);
    if (matches_.size() < limits_.max_live_matches) return;
  }
  sweep();
  std::shared_lock lock(matches_mutex_);
  if (matches_.size() >= limits_.max_live_matches) {
    fail("server_full", 503, "the server holds as many live matches as it may; try again later");
  }
}

std::shared_ptr<MatchService::Entry> MatchService::bring_back(const StoredMatch& stored) {
  auto entry = add(std::make_unique<LiveMatch>(registry_, stored));
  std::lock_guard lock(entry->mutex);
  // Not if another request brought it back first. A crash between creating a match and drawing
  // its opening chance leaves it at a chance node; a match brought back gives the seat to act its
  // full time again. Several instances: one that is serving the match may hold it too, and it
  // plays for the computer seats; this one steps in after a delay if it does not.
  if (!entry->agents_started) {
    entry->moved_here = !store_.shared();
    start(entry);
  }
  return entry;
}

// A match that has just entered memory (created, or brought back): its owed chance outcomes are
// drawn, the seat to act's clock armed and a computer seat to act set thinking.
void MatchService::start(const std::shared_ptr<Entry>& entry) {
  entry->agents_started = true;
  const ActionList chance = entry->match->plan_chance();
  try {
    if (!chance.empty()) advance_now(*entry, chance);  // rare: not worth a trip to the committer
  } catch (const std::exception& e) {
    if (!caught_up_after_conflict(entry, e)) throw;  // another instance drew them first
  }
  arm_clock(*entry);
  schedule_agent(entry);
}

StopSignal MatchService::thinking_stop() const {
  return StopSignal(StopSignal::Clock::now() + std::chrono::milliseconds(limits_.max_think_ms),
                    &stopping_);
}

std::shared_ptr<MatchService::Entry> MatchService::find(const std::string& match) {
  {
    std::shared_lock lock(matches_mutex_);
    const auto it = matches_.find(match);
    if (it != matches_.end()) return it->second;
  }
  // Not in memory: finished or idle, it is in the database (ids are short words of letters,
  // digits, '-' and '_'; anything else is not looked up at all).
  const bool plausible =
      !match.empty() && match.size() <= 64 &&
      match.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_") ==
          std::string::npos;
  const auto stored = plausible ? store_.load(match) : std::nullopt;
  if (!stored) fail("not_found", 404, fmt::format("no match '{}'", match));
  make_room();
  return bring_back(*stored);
}

std::size_t MatchService::restore() {
  const std::int64_t since =
      unix_seconds_now() -
      std::chrono::duration_cast<std::chrono::seconds>(limits_.idle_eviction).count();
  std::size_t count = 0;
  for (const StoredMatch& stored : store_.load_active(since, limits_.max_live_matches)) {
    try {
      bring_back(stored);
      ++count;
    } catch (const std::exception& e) {
      // One match that no longer replays (a changed rule, a damaged row) must not keep every
      // other match from being served: it stays stored, and asking for it reports why.
      fmt::print(stderr, "mazeworks serve: match {} not restored: {}\n", stored.setup.id, e.what());
    }
  }
  return count;
}

std::size_t MatchService::live_matches() const {
  std::shared_lock lock(matches_mutex_);
  return matches_.size();
}

bool MatchService::evictable(const Entry& entry, ClockTime now) const {
  if (!entry.subs.empty() || entry.agent_busy || entry.committing || !entry.deferred.empty() ||
      entry.suggestions_running > 0) {
    return false;
  }
  if (entry.match->finished()) return true;
  if (entry.deadline) return false;  // a clock runs: it plays for the seat when it runs out
  return now - entry.last_active >= limits_.idle_eviction;
}

std::size_t MatchService::sweep() {
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::shared_lock lock(matches_mutex_);
    all.reserve(matches_.size());
    for (const auto& [id, e] : matches_) all.push_back(e);
  }
  const ClockTime now = now_();
  const std::int64_t unix_now = unix_seconds_now();
  std::size_t evicted = 0;
  for (const auto& entry : all) {
    std::lock_guard lock(entry->mutex);
    LiveMatch& m = *entry->match;
    for (Player seat = 0; seat < m.num_seats(); ++seat) {
      const SeatToken& t = m.token(seat);
      if (t.hash.empty() || t.claimed || unix_now - t.issued < limits_.unclaimed_seat.count()) {
        continue;
      }
      try {
        store_.clear_token(m.id(), seat);
        m.set_token(seat, SeatToken{});
        entry->deadline.reset();  // the clock waits for every human seat again
        // A claim through another instance kept the token: this one learns of it.
        catch_up_if_shared(entry);
      } catch (const std::exception&) {
        // The database refused: the seat stays taken until the next sweep tries again.
      }
    }
    if (evictable(*entry, now)) {
      // Under the match's lock: whoever found it before waits, then sees it gone and loads it
      // again (lock_match).
      entry->evicted = true;
      std::unique_lock map_lock(matches_mutex_);
      matches_.erase(m.id());
      ++evicted;
    }
  }
  return evicted;
}

void MatchService::claim(Entry& entry, Player seat) {
  SeatToken t = entry.match->token(seat);
  if (t.claimed) return;
  store_.claim_token(entry.match->id(), seat);
  t.claimed = true;
  entry.match->set_token(seat, std::move(t));
}

void MatchService::inspect(const std::string& id, const std::function<void(const LiveMatch&)>& f) {
  auto [entry, lock] = lock_match(id);
  f(*entry->match);
}

void MatchService::wait_idle() {
  pool_.wait_idle();
  if (!committer_) return;
  // A commit may schedule a computer move, and a computer move a commit: until both are quiet.
  std::uint64_t seen = 0;
  do {
    seen = committer_->transactions();
    pool_.wait_idle();
    committer_->wait_idle();
  } while (committer_->transactions() != seen);
}

}  // namespace mw::server
