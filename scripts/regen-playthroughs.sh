#!/usr/bin/env bash
# Rewrites the golden playthroughs (tests/golden/) from the game code as it is now, keeping each
# file's seed; a missing file gets the seed of the shortest of 32 random games. Review the diff
# (git diff tests/golden) before committing: every changed line is a changed fact of play.
# Usage: scripts/regen-playthroughs.sh [build dir, default build] [gtest filter, default all]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
filter=${2:-*}
cmake --build "$build" --target golden_playthrough_test
MAZEWORKS_SOURCE_DIR="$PWD" MAZEWORKS_REGENERATE_GOLDEN=1 \
  "$build/tests/golden_playthrough_test" --gtest_filter="$filter" --gtest_brief=1
git status --short tests/golden
