#!/usr/bin/env bash
# The sanitizer job, CI's second part: builds the `asan` preset (clang 19, AddressSanitizer and
# UndefinedBehaviorSanitizer on everything, libFuzzer's coverage compiled in), runs every C++ test
# under it, then each fuzz target for FUZZ_SECONDS (default 15). Python and the browser tests run
# against the default build only (docs/testing.md).
#   scripts/sanitize.sh [FUZZ_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/configure.sh asan
cmake --build --preset asan --parallel "$(nproc)"
# The agents' strength tests (names with "Beat": one agent beats another over many games) and the
# draws' uniformity tests ("DrawnAreLegalAndUniform": tens of thousands of draws from one state)
# are statistics, not memory safety: under the sanitizers they cost minutes and prove nothing new.
# The preset runs each test program in shards (MAZEWORKS_TEST_SHARDS), which GTEST_FILTER filters;
# -E does it for a build directory configured with one CTest test per GoogleTest test.
GTEST_FILTER='-*Beat*:*DrawnAreLegalAndUniform*' ctest --preset asan -E 'Beat|DrawnAreLegalAndUniform'
bash scripts/fuzz.sh "${1:-15}"
