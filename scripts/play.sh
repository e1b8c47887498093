#!/usr/bin/env bash
# The README's first quick-start command: installs the packages, builds the engine, the server and
# the browser app, then starts the game server with the app. Open the printed URL and play.
# Options: --port N (default 8080). To play in the terminal instead: scripts/play.sh --terminal
# [mazeworks play arguments], e.g. scripts/play.sh --terminal treasure-hunt --seat 1=greedy.
set -euo pipefail
cd "$(dirname "$0")/.."
port=8080
if [ "${1:-}" = "--terminal" ]; then
  shift
  bash scripts/build.sh default
  exec build/mazeworks play "${@:-treasure-hunt}"
fi
if [ "${1:-}" = "--port" ]; then
  port="$2"
  shift 2
fi
bash scripts/build.sh default
mkdir -p data
echo
echo "Mazeworks is starting. Open http://localhost:${port}/ in a browser (Ctrl-C stops the server)."
echo
exec build/mazeworks serve --port "$port" --db data/mazeworks.db --web-root web/dist
