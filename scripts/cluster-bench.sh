#!/usr/bin/env bash
# Moves/s and move latency of N `serve` instances on one PostgreSQL database, against one instance
# on SQLite (docs/server.md, "Several instances"). Every instance and the load generator run on
# this machine; `mazeworks loadtest --ports` spreads each match's seats over the instances.
#
#   scripts/cluster-bench.sh INSTANCES MATCHES THINK_MS [sqlite]
#
# Starts a throwaway cluster (pg-cluster.sh) in a fresh folder, or uses $MAZEWORKS_PG_URL; a
# fresh database per run; prints loadtest's JSON line, then on PostgreSQL what the run cost the
# server: transactions committed in the database (moves, catch-up reads, joins) and WAL flushes
# (pg_stat_wal: the whole cluster). Stops everything it started.
set -euo pipefail

instances=${1:?instances}
matches=${2:?matches}
think_ms=${3:?think ms}
backend=${4:-postgresql}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MAZEWORKS_BIN:-$root/build/mazeworks}
work=$(mktemp -d /tmp/mazeworks-cluster-bench.XXXXXX)
pids=()

cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ -n "${MAZEWORKS_PG_URL:-}" ] || "$root/scripts/pg-cluster.sh" stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ "$backend" = sqlite ]; then
  db="$work/bench.db"
else
  url=${MAZEWORKS_PG_URL:-}
  if [ -z "$url" ]; then
    "$root/scripts/pg-cluster.sh" start "$work/pg" >/dev/null
    url=$(cat "$work/pg/url")
  fi
  name="bench_$$"
  psql "$url" -qc "CREATE DATABASE $name" >/dev/null
  db="${url%/*}/$name"
fi

ports=()
for i in $(seq 1 "$instances"); do
  "$bin" serve --port 0 --db "$db" --creates-per-minute 0 --joins-per-minute 0 \
    >"$work/serve$i.out" 2>"$work/serve$i.err" &
  pids+=($!)
  for _ in $(seq 1 200); do
    grep -q 'http://' "$work/serve$i.out" 2>/dev/null && break
    sleep 0.05
  done
  ports+=("$(sed -n 's|.*http://[^:]*:\([0-9]*\)/.*|\1|p' "$work/serve$i.out" | head -1)")
done
port_list=$(IFS=,; echo "${ports[*]}")
stats() {
  psql "$url" -Atc "SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = '$name'), \
    wal_sync, wal_records FROM pg_stat_wal"
}
[ "$backend" = sqlite ] || before=$(stats)
"$bin" loadtest --ports "$port_list" --matches "$matches" --think-ms "$think_ms" \
  --max-moves 30 --seed 1 --json
if [ "$backend" != sqlite ]; then
  # A backend reports its statistics when it ends: stop the instances first.
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
  pids=()
  sleep 0.5
  after=$(stats)
  IFS='|' read -r c0 s0 r0 <<<"$before"
  IFS='|' read -r c1 s1 r1 <<<"$after"
  echo "{\"commits\": $((c1 - c0)), \"wal_flushes\": $((s1 - s0)), \"wal_records\": $((r1 - r0))}"
fi
