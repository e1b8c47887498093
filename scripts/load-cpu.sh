#!/usr/bin/env bash
# One row of docs/server.md's throughput table: a fresh `mazeworks serve` (the load flags of
# docs/server.md, "Load"), `mazeworks loadtest` against it with instant players, and the server's
# CPU time (user + system, from /proc/<pid>/stat) over the run divided by the moves played; the
# user part is also given alone.
# Usage: scripts/load-cpu.sh GAME MATCHES [MAX_MOVES=30] [BINARY=build/mazeworks] [PORT=18080]
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1
matches=$2
max_moves=${3:-30}
bin=${4:-build/mazeworks}
port=${5:-18080}
dir=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$dir"' EXIT
"$bin" serve --port "$port" --db "$dir/load.db" --creates-per-minute 0 --joins-per-minute 0 \
  >"$dir/serve.log" 2>&1 &
server=$!
until grep -q "http://" "$dir/serve.log" 2>/dev/null; do sleep 0.1; done
ticks() { awk '{print $14 + $15, $14}' "/proc/$server/stat"; }  # CPU (user + system), user
read -r before user_before < <(ticks)
result=$("$bin" loadtest --port "$port" --game "$game" --matches "$matches" --think-ms 0 \
  --max-moves "$max_moves" --seed 1 --json)
read -r after user_after < <(ticks)
ticks_per_second=$(getconf CLK_TCK)
echo "$result" | python3 -c '
import json, sys
r = json.load(sys.stdin)
ticks, hz, user_ticks = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
cpu = ticks / hz
print(json.dumps({"game": r["game"], "matches": r["matches"], "moves": r["moves"],
  "errors": r["errors"], "moves_per_second": round(r["moves_per_second"]),
  "p50_ms": r["latency_ms"]["p50"], "p99_ms": r["latency_ms"]["p99"],
  "server_cpu_seconds": cpu, "server_user_seconds": user_ticks / hz,
  "server_cpu_us_per_move": round(1e6 * cpu / max(1, r["moves"]), 1)}))
' "$((after - before))" "$ticks_per_second" "$((user_after - user_before))"
