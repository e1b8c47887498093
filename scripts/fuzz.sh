#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset: clang 16 with AddressSanitizer and
# UndefinedBehaviorSanitizer) and runs each for SECONDS (default 15) on its seed corpus.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# New inputs go to build-fuzz/corpus/<target> (seeded from fuzz/corpus/<target>, which stays as
# checked in); a crash leaves its input as build-fuzz/crash-* and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-15}"
shift || true

need=()
for p in clang-16 libclang-rt-16-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
bash scripts/install-deps.sh >/dev/null
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --parallel "$(nproc)"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/*_fuzz.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
status=0
for t in "${targets[@]}"; do
  work="build-fuzz/corpus/$t"
  mkdir -p "$work"
  [ -d "fuzz/corpus/$t" ] && cp -n fuzz/corpus/"$t"/* "$work"/ 2>/dev/null || true
  echo "fuzz: $t for ${seconds}s"
  if ! (cd build-fuzz && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        "fuzz/$t" -max_total_time="$seconds" -max_len=131072 -rss_limit_mb=4096 -timeout=30 \
        -print_final_stats=1 "corpus/$t" 2> "$t.log"); then
    echo "fuzz: $t FAILED (build-fuzz/$t.log)"
    tail -40 "build-fuzz/$t.log"
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "build-fuzz/$t.log" | tail -2
  fi
done
exit $status
