#pragma once
// When a search stops: after a number of iterations (reproducible) or after wall-clock time, and
// in either case as soon as an outside StopSignal is reached (at least one iteration is done).
#include <chrono>
#include <cstdint>

#include "core/agent.h"

namespace mw {

class SearchClock {
 public:
  // iterations > 0: exactly that many; otherwise `ms` of wall time (at least one iteration).
  SearchClock(std::int64_t iterations, double ms, const StopSignal* stop = nullptr)
      : iterations_(iterations),
        stop_(stop),
        deadline_(std::chrono::steady_clock::now() +
                  std::chrono::microseconds(static_cast<std::int64_t>(ms * 1000.0))) {}

  bool more(std::int64_t done) {
    if (done == 0) return true;
    // Reading the clock costs ~20 ns; every 8th iteration is plenty at >1k iterations/s.
    if ((done & 7) == 0 && stop_ != nullptr && stop_->reached()) expired_ = true;
    if (expired_) return false;
    if (iterations_ > 0) return done < iterations_;
    if ((done & 7) != 0) return true;
    expired_ = std::chrono::steady_clock::now() >= deadline_;
    return !expired_;
  }

 private:
  std::int64_t iterations_;
  const StopSignal* stop_;
  std::chrono::steady_clock::time_point deadline_;
  bool expired_ = false;
};

}  // namespace mw
