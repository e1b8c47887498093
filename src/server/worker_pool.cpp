#include "server/worker_pool.h"

#include <algorithm>

namespace mw::server {

WorkerPool::WorkerPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { loop(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::submit(const std::string& key, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    Lane& lane = lanes_[key];
    lane.jobs.push_back(std::move(job));
    ++queued_;
    if (!lane.running && lane.jobs.size() == 1) ready_.push_back(key);
  }
  wake_.notify_one();
}

void WorkerPool::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queued_ == 0 && running_ == 0; });
}

void WorkerPool::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !ready_.empty(); });
    if (ready_.empty()) return;  // stopping, and nothing left to do
    const std::string key = std::move(ready_.front());
    ready_.pop_front();
    Lane& lane = lanes_[key];
    auto job = std::move(lane.jobs.front());
    lane.jobs.pop_front();
    lane.running = true;
    --queued_;
    ++running_;
    lock.unlock();
    try {
      job();
    } catch (...) {
      // A job reports its own failures; one that escapes must not take the server down.
    }
    job = nullptr;  // its captures go before the lock is taken again
    lock.lock();
    --running_;
    Lane& after = lanes_[key];
    after.running = false;
    if (after.jobs.empty()) {
      lanes_.erase(key);
    } else {
      ready_.push_back(key);  // its next job waits for the other keys' turns
      wake_.notify_one();
    }
    if (queued_ == 0 && running_ == 0) idle_.notify_all();
  }
}

}  // namespace mw::server
