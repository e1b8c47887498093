#!/usr/bin/env bash
# Builds the libFuzzer targets (the `asan` preset: clang 19 with AddressSanitizer and
# UndefinedBehaviorSanitizer; the `fuzz` build preset builds only the targets) and runs each for
# SECONDS (default 15) on its seed corpus.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# New inputs go to build-asan/fuzz-corpus/<target> (seeded from fuzz/corpus/<target>, which stays
# as checked in); a crash leaves its input as build-asan/fuzz-crashes/<target>/crash-* and fails
# the script. Extra libFuzzer flags can come in FUZZ_FLAGS (e.g. FUZZ_FLAGS="-runs=10000000").
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-15}"
shift || true

bash scripts/install-deps.sh >/dev/null
bash scripts/configure.sh asan
cmake --build --preset fuzz --parallel "$(nproc)"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/*_fuzz.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
status=0
for t in "${targets[@]}"; do
  corpus="build-asan/fuzz-corpus/$t"
  crashes="build-asan/fuzz-crashes/$t"
  log="build-asan/fuzz-$t.log"
  mkdir -p "$corpus" "$crashes"
  [ -d "fuzz/corpus/$t" ] && cp -n fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null || true
  echo "fuzz: $t for ${seconds}s"
  # shellcheck disable=SC2086  # FUZZ_FLAGS is a list of flags
  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
       "build-asan/fuzz/$t" -max_total_time="$seconds" -max_len=131072 -rss_limit_mb=4096 \
       -timeout=30 -print_final_stats=1 -artifact_prefix="$crashes/" ${FUZZ_FLAGS:-} \
       "$corpus" 2> "$log"; then
    echo "fuzz: $t FAILED ($log)"
    tail -40 "$log"
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$log" | tail -2
  fi
done
exit $status
