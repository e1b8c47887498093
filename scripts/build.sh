#!/usr/bin/env bash
# Installs the Debian packages (if missing), configures and builds a CMake preset (default: default).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
bash scripts/install-deps.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --parallel "$(nproc)"
