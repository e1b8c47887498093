#!/usr/bin/env bash
# Configures a CMake preset for the scripts. A build directory made from scratch is a unity build
# (MAZEWORKS_UNITY: each target's files compiled eight at a time, far less CPU for a whole build,
# docs/testing.md#ci); an existing one keeps its setting, so rebuilds after an edit stay file by file.
#   scripts/configure.sh PRESET
set -euo pipefail
cd "$(dirname "$0")/.."
preset="$1"
# The presets' build directories (CMakePresets.json, binaryDir).
case "$preset" in
  default) dir=build ;;
  *) dir="build-$preset" ;;
esac
unity=()
[ -f "$dir/CMakeCache.txt" ] || unity=(-DMAZEWORKS_UNITY=ON)
cmake --preset "$preset" "${unity[@]}" >/dev/null
