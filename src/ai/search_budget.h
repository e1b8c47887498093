#pragma once
// When a search stops: after a number of iterations (reproducible) or after wall-clock time.
#include <chrono>
#include <cstdint>

namespace mw {

class SearchClock {
 public:
  // iterations > 0: exactly that many; otherwise `ms` of wall time (at least one iteration).
  SearchClock(std::int64_t iterations, double ms)
      : iterations_(iterations),
        deadline_(std::chrono::steady_clock::now() +
                  std::chrono::microseconds(static_cast<std::int64_t>(ms * 1000.0))) {}

  bool more(std::int64_t done) {
    if (iterations_ > 0) return done < iterations_;
    if (done == 0) return true;
    // Reading the clock costs ~20 ns; every 8th iteration is plenty at >1k iterations/s.
    if ((done & 7) != 0) return !expired_;
    expired_ = std::chrono::steady_clock::now() >= deadline_;
    return !expired_;
  }

 private:
  std::int64_t iterations_;
  std::chrono::steady_clock::time_point deadline_;
  bool expired_ = false;
};

}  // namespace mw
