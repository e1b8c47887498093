#!/usr/bin/env bash
# The server's marginal CPU per move beside its floors (docs/server.md, "Where the 40 µs aim
# stands"): bare TCP (bench/socket_floor tcp), WebSocket frames answered by a hand-written epoll
# loop (socket_floor epoll-websocket), by Asio with frames written by hand on 2 threads
# (asio-websocket) and by Beast and Asio on 1 and 2 threads (beast-websocket), none doing any work
# of its own, and `mazeworks serve` playing Treasure Hunt (scripts/load-cpu.sh). Each is run at
# MOVES moves a match and at 1; the marginal cost is the difference in CPU over the difference in
# moves, so connecting and creating the matches drop out. Rounds alternate the six, so a machine
# that speeds up or slows down over the run shows in every column alike.
# Usage: scripts/cpu-floors.sh [ROUNDS=3] [MATCHES=1000] [MOVES=30] [BUILD=build]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
matches=${2:-1000}
moves=${3:-30}
build=${4:-build}
floor="$build/bench/socket_floor"
for required in "$floor" "$build/mazeworks"; do
  [[ -x $required ]] || { echo "cpu-floors: $required is not built" >&2; exit 2; }
done
run() {  # NAME MOVES -> "NAME MOVES CPU_SECONDS USER_SECONDS MOVES_PLAYED"
  local name=$1 n=$2 json
  case $name in
    tcp) json=$("$floor" tcp "$matches" "$n") ;;
    epoll-websocket) json=$("$floor" epoll-websocket "$matches" "$n") ;;
    asio-2) json=$("$floor" asio-websocket "$matches" "$n" 80 600 2) ;;
    beast-1) json=$("$floor" beast-websocket "$matches" "$n" 80 600 1) ;;
    beast-2) json=$("$floor" beast-websocket "$matches" "$n" 80 600 2) ;;
    serve) json=$(scripts/load-cpu.sh treasure-hunt "$matches" "$n" "$build/mazeworks") ;;
  esac
  # Both programs report the server's CPU and user seconds under the same names.
  echo "$json" | python3 -c '
import json, sys
r = json.load(sys.stdin)
print(sys.argv[1], sys.argv[2], r["server_cpu_seconds"], r["server_user_seconds"], r["moves"])
' "$name" "$n"
}
for ((round = 1; round <= rounds; round++)); do
  for name in tcp epoll-websocket asio-2 beast-1 beast-2 serve; do
    run "$name" "$moves"
    run "$name" 1
  done
done | python3 -c '
import collections, sys
runs = collections.defaultdict(list)
for line in sys.stdin:
    name, n, cpu, user, played = line.split()
    runs[name].append((float(cpu), float(user), int(played)))
print("marginal server CPU a move, µs (its user part in brackets), one column a round")
for name, rows in runs.items():
    cells = []
    for (cpu_n, user_n, n), (cpu_1, user_1, one) in zip(rows[::2], rows[1::2]):
        cells.append(f"{1e6 * (cpu_n - cpu_1) / (n - one):.1f} "
                     f"({1e6 * (user_n - user_1) / (n - one):.1f})")
    print(f"{name:16s}", "  ".join(cells))
'
