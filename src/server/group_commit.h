#pragma once
// Group commit: the moves of every match that arrive while one transaction is being written go
// into the next transaction together, so a busy server pays one commit for many moves (and with
// --full-sync one fsync) instead of one each. Each move is still acknowledged only after the
// transaction holding it has committed: its callback runs after the commit.
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "server/store.h"

namespace mw::server {

class GroupCommitter {
 public:
  // Called after the append's transaction: null if it committed, else the error.
  using Done = std::function<void(std::exception_ptr)>;
  // Runs a job elsewhere (the server's I/O threads).
  using Runner = std::function<void(std::function<void()>)>;

  // With a `runner`, a transaction's callbacks run as one job handed to it (one hand-over a
  // transaction instead of one a move); without, on the commit thread.
  explicit GroupCommitter(Store& store, Runner runner = nullptr);
  ~GroupCommitter();  // commits what is queued, then joins
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  void submit(Append append, Done done);
  // Blocks until nothing is queued or being committed (tests).
  void wait_idle();

  // Counters: transactions written and appends they held (appends / transactions = batch size).
  std::uint64_t transactions() const;
  std::uint64_t appends() const;

 private:
  void loop();

  Store& store_;
  Runner runner_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::vector<Append> appends_;
  std::vector<Done> dones_;
  bool busy_ = false;
  bool stopping_ = false;
  std::uint64_t transactions_ = 0, appended_ = 0;
  std::thread thread_;  // last: started once the members above exist
};

}  // namespace mw::server
