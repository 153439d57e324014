#!/usr/bin/env bash
# Starts (or reuses) a throw-away PostgreSQL server on 127.0.0.1:${PG_TEST_PORT:-54329} for the
# production-path tests and prints its URL. `scripts/pg-test-server.sh stop` stops it; `resume`
# starts the stopped server again on the same data (the outage tests stop and restart it).
set -euo pipefail
port="${PG_TEST_PORT:-54329}"
dir="${PG_TEST_DIR:-/tmp/portfolio-pg-$port}"
bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/postgres | sort -V | tail -n 1)")
run() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "${1:-}" = stop ]; then
  run "$bin/pg_ctl" -D "$dir" stop -m fast >/dev/null 2>&1 || true
  exit 0
fi
options="-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
if [ "${1:-}" = resume ]; then
  run "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "$options" start >/dev/null
elif ! run "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  rm -rf "$dir"
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  run "$bin/initdb" -D "$dir" -A trust -U postgres >/dev/null
  run "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "$options" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
