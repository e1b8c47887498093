#!/usr/bin/env bash
# Installs, builds and runs every test (the README's second quick-start command; CI runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
bash scripts/build.sh "$preset"
bash scripts/install-deps.sh  # what the tests run: Chromium, PostgreSQL, pytest
ctest --preset "$preset"
