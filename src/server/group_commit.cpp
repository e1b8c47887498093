#include "server/group_commit.h"

#include <algorithm>
#include <memory>

namespace mw::server {

GroupCommitter::GroupCommitter(Store& store, Runner runner, Gathering gathering)
    : store_(store),
      runner_(std::move(runner)),
      gathering_(gathering),
      rounds_in_place_(store.commits_briefly(0)),
      thread_([this] { loop(); }) {}

namespace {

// A transaction's callbacks and what each is told.
struct Told {
  std::vector<GroupCommitter::Done> dones;
  std::vector<std::exception_ptr> errors;
};

void run_dones(const Told& told) {
  for (std::size_t i = 0; i < told.dones.size(); ++i) {
    if (!told.dones[i]) continue;
    try {
      told.dones[i](told.errors[i]);
    } catch (...) {
      // A callback reports its own failures; one that escapes must not stop the others.
    }
  }
}

}  // namespace

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void GroupCommitter::submit(Append append, Done done) {
  bool wake = true;
  {
    std::lock_guard lock(mutex_);
    appends_.push_back(std::move(append));
    dones_.push_back(std::move(done));
    // In its window the commit thread wakes by itself; a full transaction cannot wait.
    wake = !waiting_for_more_ || appends_.size() >= gathering_.max_moves;
  }
  if (wake) wake_.notify_one();
}

void GroupCommitter::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return appends_.empty() && !busy_; });
}

std::uint64_t GroupCommitter::transactions() const {
  std::lock_guard lock(mutex_);
  return transactions_;
}

std::uint64_t GroupCommitter::appends() const {
  std::lock_guard lock(mutex_);
  return appended_;
}

void GroupCommitter::gather_more(std::unique_lock<std::mutex>& lock) {
  using Clock = std::chrono::steady_clock;
  waiting_for_more_ = true;
  const auto full = [this] { return stopping_ || appends_.size() >= gathering_.max_moves; };
  const Clock::time_point deadline = Clock::now() + gathering_.window;
  const auto quiet = std::min(gathering_.quiet, gathering_.window);
  // Submits do not wake the thread in its window (only a full transaction does): it looks at
  // what came at the end of each quiet interval.
  for (std::size_t seen = appends_.size();;) {
    wake_.wait_until(lock, std::min(deadline, Clock::now() + quiet), full);
    if (full() || appends_.size() == seen || Clock::now() >= deadline) break;
    seen = appends_.size();
  }
  waiting_for_more_ = false;
}

bool GroupCommitter::should_gather() const {
  return gathering_.window.count() > 0 && last_batch_ > 1 &&
         moving_matches_ >= gathering_.min_moving_matches;
}

bool GroupCommitter::in_place_allowed_locked() const {
  const bool gathering =
      gathering_.window.count() > 0 && moving_matches_ >= gathering_.min_moving_matches;
  return !stopping_ && !gathering && moving_matches_ <= gathering_.max_moving_matches_in_place;
}

bool GroupCommitter::in_place_allowed() const {
  std::lock_guard lock(mutex_);
  return in_place_allowed_locked();
}

std::optional<std::vector<std::exception_ptr>> GroupCommitter::commit_here_if_idle(
    const std::vector<Append>& batch, Batch kind) {
  {
    std::lock_guard lock(mutex_);
    const bool allowed = kind == Batch::kRound ? !stopping_ : in_place_allowed_locked();
    if (busy_ || !appends_.empty() || !allowed) return std::nullopt;
    busy_ = true;
  }
  std::size_t rows = 0;
  for (const Append& append : batch) rows += append.actions.size();
  // Asked with busy_ set: the commit thread does not hold the store meanwhile.
  if (!store_.commits_briefly(rows)) {
    std::lock_guard lock(mutex_);
    release_busy();
    return std::nullopt;
  }
  std::vector<std::exception_ptr> told = store_.append_batch(batch);
  count_matches(batch);
  std::lock_guard lock(mutex_);
  written(batch.size());
  return told;
}

void GroupCommitter::written(std::size_t appends) {
  ++transactions_;
  appended_ += appends;
  last_batch_ = appends;
  release_busy();
}

void GroupCommitter::release_busy() {
  busy_ = false;
  // The commit thread waits while busy_: it is woken only for what came meanwhile (a wake it
  // does not need is the very cost committing in place saves).
  if (!appends_.empty() || stopping_) wake_.notify_one();
  if (appends_.empty()) idle_.notify_all();
}

void GroupCommitter::count_matches(const std::vector<Append>& batch) {
  for (const Append& append : batch) {
    moved_this_period_.push_back(std::hash<std::string>{}(append.match));
  }
  const auto now = std::chrono::steady_clock::now();
  const bool period_over = now - period_start_ >= gathering_.census_period;
  // Counted before the period ends only while that could start the gathering (a server coming
  // under load), and only once the hashes have doubled since last counted, so that a few dozen
  // busy matches are not sorted after every transaction.
  const bool could_start =
      moving_matches_ < gathering_.min_moving_matches &&
      moved_this_period_.size() >= std::max(gathering_.min_moving_matches, 2 * counted_);
  if (!period_over && !could_start) return;
  std::sort(moved_this_period_.begin(), moved_this_period_.end());
  moved_this_period_.erase(std::unique(moved_this_period_.begin(), moved_this_period_.end()),
                           moved_this_period_.end());
  const std::size_t distinct = moved_this_period_.size();
  std::unique_lock lock(mutex_);
  if (!period_over) {
    moving_matches_ = std::max(moving_matches_, distinct);
    counted_ = distinct;
    return;
  }
  moving_matches_ = distinct;
  lock.unlock();
  moved_this_period_.clear();
  counted_ = 0;
  period_start_ = now;
}

void GroupCommitter::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    // Not while a transaction is written in place (commit_here_if_idle): the store is one writer.
    wake_.wait(lock, [this] { return !busy_ && (stopping_ || !appends_.empty()); });
    if (appends_.empty()) return;  // stopping, and everything queued is committed
    if (should_gather()) gather_more(lock);
    std::vector<Append> batch;
    std::vector<Done> dones;
    batch.swap(appends_);
    dones.swap(dones_);
    busy_ = true;
    lock.unlock();
    const auto told =
        std::make_shared<const Told>(Told{std::move(dones), store_.append_batch(batch)});
    bool handed = false;
    if (runner_) {
      try {
        runner_([told] { run_dones(*told); });
        handed = true;
      } catch (...) {
        // The runner could not take the job: the moves are told here rather than never.
      }
    }
    if (!handed) run_dones(*told);
    count_matches(batch);
    lock.lock();
    written(batch.size());
  }
}

}  // namespace mw::server
