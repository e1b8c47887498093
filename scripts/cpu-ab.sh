#!/usr/bin/env bash
# Server and load generator CPU a move, side by side for builds run in alternation
# (docs/server.md, "Where the 40 µs aim stands"). Each configuration names the binary that serves
# and the binary whose `loadtest` plays; each is run at 30 moves a match (or $MOVES) and at 1,
# and the marginal cost is the difference in CPU over the difference in moves, so connecting and
# creating the matches drop out. Rounds alternate the configurations, so a machine that speeds up
# or slows down over the run shows in every row alike. Prints a row a run, then the medians.
# Usage: scripts/cpu-ab.sh ROUNDS MATCHES NAME=SERVER_BINARY:LOADGEN_BINARY...
#   [GAME via $GAME; more moves a match via $MOVES: a longer run, a smaller share of noise]
#   e.g. scripts/cpu-ab.sh 8 1000 old=../old/build/mazeworks:../old/build/mazeworks \
#                                  new=build/mazeworks:build/mazeworks
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=$1
matches=$2
shift 2
game=${GAME:-treasure-hunt}
moves=${MOVES:-30}
(($# > 0)) || { echo "cpu-ab: name at least one NAME=SERVER_BINARY:LOADGEN_BINARY" >&2; exit 2; }

# The server's CPU in ns, summed over its threads' run time (exact, where /proc/PID/stat counts
# 10 ms ticks: a short run is a few ticks), and its user time in ns (ticks: the split is rough).
server_cpu() {
  local pid=$1 hz
  hz=$(getconf CLK_TCK)
  cat /proc/"$pid"/task/*/schedstat | awk -v user="$(awk '{print $14}' /proc/"$pid"/stat)" \
    -v hz="$hz" '{ns += $1} END {printf "%.0f %.0f\n", ns, user * 1e9 / hz}'
}

# One run: "SERVER_CPU SERVER_USER LOADGEN_CPU LOADGEN_USER MOVES MOVES_PER_SECOND ERRORS".
run() {
  local server_bin=$1 loadgen_bin=$2 moves=$3 port dir server before user_before after user_after
  port=$((18100 + RANDOM % 800))
  dir=$(mktemp -d)
  "$server_bin" serve --port "$port" --db "$dir/load.db" --creates-per-minute 0 \
    --joins-per-minute 0 >"$dir/serve.log" 2>&1 &
  server=$!
  until grep -q "http://" "$dir/serve.log" 2>/dev/null; do sleep 0.05; done
  read -r before user_before < <(server_cpu "$server")
  # The load generator's CPU: its rusage as a child of this Python process.
  local played
  played=$(python3 - "$loadgen_bin" "$port" "$game" "$matches" "$moves" <<'PY'
import json, resource, subprocess, sys
binary, port, game, matches, moves = sys.argv[1:]
out = subprocess.run([binary, "loadtest", "--port", port, "--game", game, "--matches", matches,
                      "--think-ms", "0", "--max-moves", moves, "--seed", "1", "--json"],
                     capture_output=True, text=True, check=True).stdout
r = json.loads(out)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(used.ru_utime + used.ru_stime, used.ru_utime, r["moves"], round(r["moves_per_second"]),
      r["errors"])
PY
)
  read -r after user_after < <(server_cpu "$server")
  kill "$server"
  wait "$server" 2>/dev/null || true
  rm -rf "$dir"
  echo "$(((after - before) / 1000)) $(((user_after - user_before) / 1000)) $played"
}

for ((round = 1; round <= rounds; round++)); do
  for config in "$@"; do
    name=${config%%=*}
    binaries=${config#*=}
    echo "$name $(run "${binaries%%:*}" "${binaries#*:}" "$moves") | $(run "${binaries%%:*}" "${binaries#*:}" 1)"
  done
done | python3 -c '
import collections, statistics, sys
rows = collections.defaultdict(list)
print("µs a move at the margin: server (user), load generator (user); moves/s of the longer run")
for line in sys.stdin:
    name, runs = line.split(" ", 1)
    many, one = ([float(v) for v in part.split()] for part in runs.split("|"))
    moves = many[4] - one[4]
    row = ((many[0] - one[0]) / moves, (many[1] - one[1]) / moves,
           1e6 * (many[2] - one[2]) / moves, 1e6 * (many[3] - one[3]) / moves, many[5],
           many[6] + one[6])
    rows[name].append(row)
    print(f"{name:12s} {row[0]:6.1f} ({row[1]:5.1f})  {row[2]:6.1f} ({row[3]:5.1f})  {row[4]:7.0f}"
          f"  errors {row[5]:.0f}", flush=True)
print("medians")
for name, rs in rows.items():
    m = [statistics.median(r[i] for r in rs) for i in range(5)]
    print(f"{name:12s} {m[0]:6.1f} ({m[1]:5.1f})  {m[2]:6.1f} ({m[3]:5.1f})  {m[4]:7.0f}"
          f"  errors {sum(r[5] for r in rs):.0f}")
'
