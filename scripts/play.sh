#!/usr/bin/env bash
# Installs, builds and starts a game of Treasure Hunt against the computer (the README's first
# quick-start command). Extra arguments go to `mazeworks play`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh default
exec build/mazeworks play "${@:-treasure-hunt}"
