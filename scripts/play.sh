#!/usr/bin/env bash
# The README's first quick-start command: installs the packages, builds the engine, the server and
# the browser app, then starts the game server with the app. Open the printed URL and play.
# Options: --port N (default 8080); --address A (default 127.0.0.1: this machine only; 0.0.0.0
# lets a friend on another machine join, see below). To play in the terminal instead:
# scripts/play.sh --terminal [mazeworks play arguments], e.g.
# scripts/play.sh --terminal treasure-hunt --seat 1=greedy.
set -euo pipefail
cd "$(dirname "$0")/.."
port=8080
address=127.0.0.1
if [ "${1:-}" = "--terminal" ]; then
  shift
  bash scripts/build.sh default
  exec build/mazeworks play "${@:-treasure-hunt}"
fi
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --address) address="$2"; shift 2 ;;
    *) echo "play.sh: unknown option $1 (--port N, --address A, --terminal ...)" >&2; exit 2 ;;
  esac
done
bash scripts/build.sh default
mkdir -p data
echo
echo "Mazeworks is starting. Open http://localhost:${port}/ in a browser (Ctrl-C stops the server)."
if [ "$address" = "127.0.0.1" ]; then
  echo "Only this machine can connect. To invite a friend on another machine, start it with"
  echo "  bash scripts/play.sh --address 0.0.0.0"
  echo "and send them the invite link with this machine's address in place of localhost."
else
  echo "Listening on ${address}: other machines can connect (docs/server.md, \"Security\")."
  echo "Invite links name localhost: give your friend this machine's address in its place."
fi
echo
exec build/mazeworks serve --address "$address" --port "$port" --db data/mazeworks.db --web-root web/dist
