#pragma once
// Group commit: the moves of every match that arrive while one transaction is being written go
// into the next transaction together, so a busy server pays one commit for many moves (and with
// --full-sync one fsync) instead of one each. Each move is still acknowledged only after the
// transaction holding it has committed: its callback runs after the commit.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "server/store.h"

namespace mw::server {

// How long a busy server's commit thread waits for more moves before it writes a transaction
// (zero: never waits). Only once a transaction held two moves or more does it wait: a quiet
// server commits each move at once, while a busy one writes fewer, larger transactions (a
// transaction's cost is mostly fixed: its pages, its WAL frames, its wake-ups) for at most
// this much more latency.
// Within the window it waits only while moves keep coming: once `quiet` passes with no new
// move, it writes what it has (a few busy matches send their next moves in one burst after a
// commit: waiting out the whole window for moves that cannot come would only add latency).
// And it waits only while at least `min_moving_matches` different matches moved in the last whole
// `census_period` or so far in this one: a match has one move in commit at a time, so where few
// matches are moving, a transaction gathering moves holds up a large share of them, and each
// waits for the others (10 busy matches made half the moves a second they make without waiting).
struct CommitGathering {
  std::chrono::microseconds window{0};
  std::size_t max_moves = 64;  // a transaction this large is written without waiting longer
  std::chrono::microseconds quiet = std::chrono::microseconds::max();  // capped at the window
  std::size_t min_moving_matches = 0;
  std::chrono::microseconds census_period = std::chrono::milliseconds(100);
  // GroupCommitter::commit_here_if_idle commits in place only while at most this many matches
  // are moving: a commit in place holds up the thread's other connections, where the commit
  // thread would write it beside them.
  std::size_t max_moving_matches_in_place = std::numeric_limits<std::size_t>::max();
};

class GroupCommitter {
 public:
  // Called after the append's transaction: null if it committed, else the error.
  using Done = std::function<void(std::exception_ptr)>;
  // Runs a job elsewhere (the server's I/O threads).
  using Runner = std::function<void(std::function<void()>)>;

  using Gathering = CommitGathering;

  // With a `runner`, a transaction's callbacks run as one job handed to it (one hand-over a
  // transaction instead of one a move); without, on the commit thread.
  explicit GroupCommitter(Store& store, Runner runner = nullptr, Gathering gathering = {});
  ~GroupCommitter();  // commits what is queued, then joins
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  void submit(Append append, Done done);
  // What commit_here_if_idle is given: a move on its own (a computer seat's, or one made over
  // HTTP), or the moves that one I/O loop read in one round (MatchService::end_round).
  enum class Batch { kMove, kRound };
  // Commits `batch` in one transaction on the calling thread, when the committer is idle (nothing
  // queued or being committed), a move on its own is in_place_allowed(), and the store says a
  // commit now is brief (Store::commits_briefly); returns what the commit told each append (null:
  // committed). Otherwise does nothing and returns nullopt: the caller submits the appends. A
  // server that hands each move to the commit thread and back wakes two threads a move for it
  // (docs/server.md, "Group commit").
  std::optional<std::vector<std::exception_ptr>> commit_here_if_idle(
      const std::vector<Append>& batch, Batch kind = Batch::kMove);
  // Whether commit_here_if_idle may commit a move on its own in place at all, however idle the
  // committer: it is not gathering, and few matches are moving
  // (Gathering::max_moving_matches_in_place). A round's moves are one transaction already, what
  // gathering waits to make, and the round's loop has served what it read: they are committed in
  // place at any load.
  bool in_place_allowed() const;
  // Whether the store's commits can be brief at all (Store::commits_briefly: not PostgreSQL, not
  // SQLite with --full-sync), so that a round's moves are worth holding to commit in place.
  bool commits_rounds_in_place() const { return rounds_in_place_; }
  // Blocks until nothing is queued or being committed (tests).
  void wait_idle();

  // Counters: transactions written and appends they held (appends / transactions = batch size).
  std::uint64_t transactions() const;
  std::uint64_t appends() const;

 private:
  void loop();
  // Waits out the gathering window (or until a transaction is full, or stopping).
  void gather_more(std::unique_lock<std::mutex>& lock);
  bool should_gather() const;
  bool in_place_allowed_locked() const;
  // Counts the matches of a written transaction towards the census (by whoever set busy_).
  void count_matches(const std::vector<Append>& batch);
  // The end of a transaction written by whoever set busy_ (mutex_ held).
  void written(std::size_t appends);
  // busy_ given up (mutex_ held): the commit thread takes what was queued meanwhile, or those
  // waiting for the committer to be idle see it is.
  void release_busy();

  Store& store_;
  Runner runner_;
  const Gathering gathering_;
  const bool rounds_in_place_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::vector<Append> appends_;
  std::vector<Done> dones_;
  bool busy_ = false;  // a transaction is being written, by the commit thread or in place
  bool waiting_for_more_ = false;  // the commit thread is in its gathering window
  std::size_t last_batch_ = 0;
  // The census of moving matches: hashes of the matches moved in the current period, and how
  // many different ones moved in the last whole period, or so far in this one if more. Kept by
  // whoever set busy_; moving_matches_ is written with mutex_ held as well, for those deciding
  // whether to commit in place.
  std::vector<std::size_t> moved_this_period_;
  std::size_t counted_ = 0;  // the hashes left when this period's were last counted
  std::chrono::steady_clock::time_point period_start_ = std::chrono::steady_clock::now();
  std::size_t moving_matches_ = 0;
  bool stopping_ = false;
  std::uint64_t transactions_ = 0, appended_ = 0;
  std::thread thread_;  // last: started once the members above exist
};

}  // namespace mw::server
