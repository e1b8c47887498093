#!/usr/bin/env bash
# Installs every Debian package Mazeworks builds and tests with. Idempotent: a second run only
# checks. Needs root (or sudo). Package choices and pitfalls: see ../shared/STACK.md.
#   scripts/install-deps.sh [build]
# "build": only what the default build needs (compilers, CMake, the libraries); without it, the
# tests' too (Chromium, PostgreSQL, pytest) and clang 19 for the asan preset. CI installs the rest
# beside the default build (.ci/run).
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libcli11-dev libfmt-dev libspdlog-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libsqlite3-dev libsqlitecpp-dev libboost1.81-dev nettle-dev
  libpq-dev
  libjemalloc-dev
  libncurses-dev
  libopenmpi-dev openmpi-bin
  pybind11-dev python3-pybind11 python3-dev
)
case "${1:-all}" in
  build) ;;
  all) packages+=(postgresql-15 python3-pytest chromium clang-19 libclang-rt-19-dev) ;;
  *) echo "usage: scripts/install-deps.sh [build]" >&2; exit 2 ;;
esac
# The browser app is built with node 20 + npm (the machine image has them); Debian's only when
# there is no node at all, so an installed newer node is never replaced.
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "install-deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
