#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what the tests need (Chromium and PostgreSQL
# from Debian, npm dependencies with Node 22), then runs lint, types, formatting, unit and
# integration tests on PGlite and on PostgreSQL, and the Playwright browser tests.
source "$(dirname "$0")/lib.sh"
ensure_system_packages
ensure_node_modules

# Each step's header says how long the run has taken so far (bash's SECONDS).
step() { printf '\n=== %s  [%dm%02ds]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

# Everything this run starts inherits the marker; at the end, on success or failure, the throw-away
# PostgreSQL server is stopped first, then nothing carrying the marker may still be alive.
export PORTFOLIO_TEST_RUN="npm-test-$$-$(date +%s)"
# The embedded-database templates (test/helpers/pg-template.ts), made once for every Vitest run.
export PORTFOLIO_TEST_PG_TEMPLATE_DIR="${TMPDIR:-/tmp}/portfolio-pg-template-$PORTFOLIO_TEST_RUN"
pg_started=""
finish() {
  local code=$?
  trap - EXIT
  [ -n "$pg_started" ] && bash scripts/pg-test-server.sh stop
  rm -rf "$PORTFOLIO_TEST_PG_TEMPLATE_DIR"
  step "Check: no process started by the tests is still running"
  node scripts/leftover-processes.mjs || code=1
  exit "$code"
}
trap finish EXIT

step "Lint, formatting, types and the production build"
# ESLint and tsc (one core each) run beside the build, which keeps both cores busy only part of the
# time; the build skips its own type check, of the product files alone, which tsc repeats
# (next.config.ts). Every check reports before a failure stops the run.
eslint . --max-warnings=0 &
lint=$!
tsc --noEmit &
types=$!
# The embedded-database templates every Vitest run on PGlite below starts from (one set for all).
node --import tsx --input-type=module -e \
  'import { createPgTemplate } from "./test/helpers/pg-template.ts";
   import { PGLITE_START_PARAMS } from "./lib/db/pglite-params.ts";
   await createPgTemplate(PGLITE_START_PARAMS);' &
templates=$!
checks=0
prettier --check . --log-level=warn || checks=1
ensure_build || checks=1
wait "$lint" || checks=1
wait "$types" || checks=1
wait "$templates" || checks=1
[ "$checks" = 0 ]

step "Unit, server, PostgreSQL and browser tests, and the soak, in three lanes"
# Three lanes side by side keep both cores busy: a server file or a spec spends much of its time
# waiting (a server's start, an encode, a page), and no lane alone fills a core.
# - Server files of test/api and test/auth (production servers, one file at a time), then the soak
#   (short form: 20 s warm-up + 45 s of mixed reads and owner writes).
# - The unit files in one worker, then Playwright (five servers, one spec at a time each).
# - The data-layer tests on a throw-away PostgreSQL server, then the server files of test/site and
#   test/ops in a Vitest of their own.
# Each Vitest on PGlite starts from one set of database templates made here (test/helpers/
# pg-template.ts), and each server Vitest shares a site among its files that only need one
# (docs/architecture.md#conventions). Each lane's report is printed once it is done.
pg_started=1
pg_url=$(bash scripts/pg-test-server.sh)
# Each lane runs every step even when one fails, and fails if any did.
server_files_then_soak() {
  local failed=0
  echo "--- Server files: test/api, test/auth"
  vitest run --project server test/api test/auth || failed=1
  echo "--- Soak"
  npm run soak -- --seconds 45 --warmup 20 --out reliability/out/soak-short.json || failed=1
  return "$failed"
}
unit_then_browser_tests() {
  local failed=0
  echo "--- Unit tests (PGlite)"
  UNIT_WORKERS=1 vitest run --project unit || failed=1
  echo "--- Browser tests (Playwright, Chromium)"
  playwright test || failed=1
  return "$failed"
}
postgresql_then_server_files() {
  local failed=0
  echo "--- Data-layer tests (PostgreSQL server)"
  # The floods on PostgreSQL send 3,000 of each kind: what a unique URL may keep does not depend on
  # the database (none of them queries it), and the PGlite run sends 10,000 of each.
  FLOOD_REQUESTS=3000 TEST_DATABASE_URL="$pg_url" UNIT_WORKERS=1 vitest run lib/data lib/db \
    lib/backup lib/auth lib/startup lib/trash lib/uploads/upload-locks.test.ts \
    test/ops/faults-kill.test.ts \
    test/ops/multi-instance.test.ts test/ops/floods.test.ts || failed=1
  echo "--- Server files: test/site, test/ops"
  vitest run --project server test/site test/ops || failed=1
  return "$failed"
}
logs=$(mktemp -d)
declare -A lane_title lane_log
for lane in server_files_then_soak unit_then_browser_tests postgresql_then_server_files; do
  "$lane" >"$logs/$lane" 2>&1 &
  lane_title[$!]=$lane
  lane_log[$!]=$logs/$lane
done
tests=0
while [ "${#lane_title[@]}" -gt 0 ]; do
  done_pid=""
  wait -n -p done_pid "${!lane_title[@]}" || tests=1
  step "Lane ${lane_title[$done_pid]//_/ } done; its report follows"
  cat "${lane_log[$done_pid]}"
  unset "lane_title[$done_pid]"
done
rm -rf "$logs"
[ "$tests" = 0 ]
