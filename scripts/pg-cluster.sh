#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests (docs/server.md, "PostgreSQL"):
#
#   scripts/pg-cluster.sh start STATE_DIR   # prints the URL and writes it to STATE_DIR/url
#   scripts/pg-cluster.sh stop STATE_DIR    # stops the cluster and deletes its data
#
# The data lives in a fresh temporary folder (STATE_DIR/data-dir names it); the server listens on
# a free port of 127.0.0.1 only, with no Unix socket in a system folder (its socket folder is the
# data folder) and trust authentication for 127.0.0.1 alone. initdb and pg_ctl refuse to run as
# root: as root they run as the `postgres` user.
set -euo pipefail

pg_bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
database=mazeworks

usage() {
  echo "usage: $0 start|stop STATE_DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
command=$1
state_dir=$2

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# A port nobody listens on now (another process could take it before the server does: start then
# fails, and says so).
free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

stop_cluster() {
  [ -f "$state_dir/data-dir" ] || return 0
  local data
  data=$(cat "$state_dir/data-dir")
  if [ -d "$data/pgdata" ]; then
    as_owner "$pg_bin/pg_ctl" -D "$data/pgdata" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$data"
  rm -f "$state_dir/data-dir" "$state_dir/url"
}

start_cluster() {
  [ -x "$pg_bin/initdb" ] || {
    echo "pg-cluster: no $pg_bin/initdb: install postgresql-15 (scripts/install-deps.sh)" >&2
    exit 1
  }
  stop_cluster  # a cluster left by an interrupted run
  mkdir -p "$state_dir"
  local data port
  data=$(mktemp -d /tmp/mazeworks-pg.XXXXXX)
  echo "$data" >"$state_dir/data-dir"
  chmod 755 "$data"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$data"
  as_owner "$pg_bin/initdb" -D "$data/pgdata" -U postgres --auth=trust --no-sync \
    -E UTF8 --locale=C.UTF-8 >"$data/initdb.log" 2>&1 || {
    cat "$data/initdb.log" >&2
    echo "pg-cluster: initdb failed" >&2
    exit 1
  }
  # Only TCP from this machine, and only as configured here.
  echo "host all all 127.0.0.1/32 trust" >"$data/pgdata/pg_hba.conf"
  port=$(free_port)
  as_owner "$pg_bin/pg_ctl" -D "$data/pgdata" -l "$data/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$data/pgdata \
        -c max_connections=200 -c synchronous_commit=on" start >/dev/null || {
    cat "$data/server.log" >&2
    echo "pg-cluster: the server did not start on 127.0.0.1:$port" >&2
    exit 1
  }
  "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"
  local url="postgresql://postgres@127.0.0.1:$port/$database"
  echo "$url" >"$state_dir/url"
  echo "$url"
}

case $command in
  start) start_cluster ;;
  stop) stop_cluster ;;
  *) usage ;;
esac
