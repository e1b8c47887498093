#include "server/group_commit.h"

namespace mw::server {

GroupCommitter::GroupCommitter(Store& store, Runner runner)
    : store_(store), runner_(std::move(runner)), thread_([this] { loop(); }) {}

namespace {

void run_dones(const std::vector<GroupCommitter::Done>& dones,
               const std::vector<std::exception_ptr>& errors) {
  for (std::size_t i = 0; i < dones.size(); ++i) {
    if (!dones[i]) continue;
    try {
      dones[i](errors[i]);
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
  {
    std::lock_guard lock(mutex_);
    appends_.push_back(std::move(append));
    dones_.push_back(std::move(done));
  }
  wake_.notify_one();
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

void GroupCommitter::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !appends_.empty(); });
    if (appends_.empty()) return;  // stopping, and everything queued is committed
    std::vector<Append> batch;
    std::vector<Done> dones;
    batch.swap(appends_);
    dones.swap(dones_);
    busy_ = true;
    lock.unlock();
    std::vector<std::exception_ptr> errors = store_.append_batch(batch);
    if (runner_) {
      try {
        runner_(
            [dones = std::move(dones), errors = std::move(errors)] { run_dones(dones, errors); });
      } catch (...) {
        // The runner refused the job (stopping): nothing is left to tell.
      }
    } else {
      run_dones(dones, errors);
    }
    lock.lock();
    ++transactions_;
    appended_ += batch.size();
    busy_ = false;
    if (appends_.empty()) idle_.notify_all();
  }
}

}  // namespace mw::server
