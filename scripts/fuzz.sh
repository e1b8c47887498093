#!/usr/bin/env bash
# Builds the libFuzzer targets (the `asan` preset: clang 19 with AddressSanitizer and
# UndefinedBehaviorSanitizer; the `fuzz` build preset builds only the targets) and runs each for
# SECONDS (default 15) on its seed corpus, as many at once as there are cores.
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
# One target a core at a time (each libFuzzer process is single-threaded); the results are printed
# in the targets' order.
run_target() {
  local t=$1 corpus="build-asan/fuzz-corpus/$1" crashes="build-asan/fuzz-crashes/$1"
  mkdir -p "$corpus" "$crashes"
  [ -d "fuzz/corpus/$t" ] && cp -n fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null || true
  # shellcheck disable=SC2086  # FUZZ_FLAGS is a list of flags
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "build-asan/fuzz/$t" -max_total_time="$seconds" -max_len=131072 -rss_limit_mb=4096 \
    -timeout=30 -print_final_stats=1 -artifact_prefix="$crashes/" ${FUZZ_FLAGS:-} \
    "$corpus" 2> "build-asan/fuzz-$t.log"
}
report() {
  local t=$1 rc=$2 log="build-asan/fuzz-$1.log"
  if [ "$rc" -ne 0 ]; then
    echo "fuzz: $t FAILED ($log)"
    tail -40 "$log"
    status=1
  else
    echo "fuzz: $t for ${seconds}s"
    grep -E "stat::number_of_executed_units|cov:" "$log" | tail -2
  fi
}
status=0
jobs_at_once=$(nproc)
for ((i = 0; i < ${#targets[@]}; i += jobs_at_once)); do
  batch=("${targets[@]:i:jobs_at_once}")
  pids=()
  for t in "${batch[@]}"; do
    run_target "$t" &
    pids+=($!)
  done
  for j in "${!batch[@]}"; do
    rc=0
    wait "${pids[$j]}" || rc=$?
    report "${batch[$j]}" "$rc"
  done
done
exit $status
