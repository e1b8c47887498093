#pragma once
// A fixed set of threads that run queued jobs: computer seats think here, never on the I/O thread.
// Jobs are grouped by a key (the match): a key's jobs run one at a time, in order, and the keys
// with work take turns, so one match never holds more than one worker while others wait.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace mw::server {

class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool();  // finishes the jobs already queued, then joins
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void submit(const std::string& key, std::function<void()> job);
  // Blocks until the queue is empty and no job runs (tests use it to reach a quiet point).
  void wait_idle();

 private:
  void loop();
  struct Lane {
    std::deque<std::function<void()>> jobs;
    bool running = false;  // one of its jobs is on a worker
  };
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::unordered_map<std::string, Lane> lanes_;
  std::deque<std::string> ready_;  // keys with queued jobs and none running, in turn order
  std::size_t queued_ = 0;
  int running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace mw::server
