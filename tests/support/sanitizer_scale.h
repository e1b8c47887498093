// How many cases a heavy randomized test runs. Under AddressSanitizer everything runs 10-30x
// slower, and CI runs the whole suite twice (default and sanitized) inside one time budget; the
// sanitizer run's job is memory errors, which a quarter of the cases still exercise, while the
// default build runs them all.
#pragma once

#include <algorithm>

#include "core/sanitizers.h"

namespace mw::test_support {

constexpr int scaled_for_sanitizers(int cases) {
  return MAZEWORKS_ASAN ? std::max(1, cases / 4) : cases;
}

}  // namespace mw::test_support
