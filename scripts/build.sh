#!/usr/bin/env bash
# Installs the Debian packages the build needs (if missing), configures and builds a CMake preset
# (default: default), then the browser app (web/dist, served by `mazeworks serve --web-root web/dist`).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
if [ "$preset" = asan ]; then
  bash scripts/install-deps.sh  # clang 19
else
  bash scripts/install-deps.sh build
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "build: the browser app needs node 20 or newer (vite 8, vitest 4); this is node $(node --version)" >&2
  exit 1
fi
# The web app's packages download while the engine compiles: `npm ci` when node_modules is missing
# or older than package-lock.json (npm records what it installed in node_modules/.package-lock.json).
npm_pid=""
npm_log=$(mktemp)
trap '[ -z "$npm_pid" ] || kill "$npm_pid" 2>/dev/null || true; rm -f "$npm_log"' EXIT
if [ ! -f web/node_modules/.package-lock.json ] ||
   [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  (cd web && npm ci --no-audit --no-fund) > "$npm_log" 2>&1 &
  npm_pid=$!
fi

bash scripts/configure.sh "$preset"
cmake --build --preset "$preset" --parallel "$(nproc)"

if [ -n "$npm_pid" ]; then
  npm_status=0
  wait "$npm_pid" || npm_status=$?
  npm_pid=""
  cat "$npm_log"
  if [ "$npm_status" -ne 0 ]; then
    echo "build: npm ci failed in web/ (exit $npm_status)" >&2
    exit 1
  fi
fi
cd web
npm run build
