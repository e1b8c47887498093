#!/usr/bin/env bash
# Installs the Debian packages (if missing), configures and builds a CMake preset (default: default),
# then the browser app (web/dist, served by `mazeworks serve --web-root web/dist`).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
bash scripts/install-deps.sh
bash scripts/configure.sh "$preset"
cmake --build --preset "$preset" --parallel "$(nproc)"

# The web app's packages: `npm ci` when node_modules is missing or older than package-lock.json
# (npm records what it installed in node_modules/.package-lock.json).
cd web
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "build: the browser app needs node 20 or newer (vite 8, vitest 4); this is node $(node --version)" >&2
  exit 1
fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build
