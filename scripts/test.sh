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

step "Unit, integration and PostgreSQL tests, the soak, then the browser tests"
# Two lanes, about one core each. The server files (test/, production servers; those that only need
# "a site" share one) run one at a time in one Vitest. Beside them, one after the other: the unit
# files in one worker, the data-layer tests on a throw-away PostgreSQL server, and the soak (short
# form: 20 s warm-up + 45 s of mixed reads and owner writes). Playwright starts as soon as that
# second lane ends, beside whatever is left of the server files: alone, one file at a time keeps
# the two cores about 60 % busy. Three lanes side by side (a second server Vitest) took as long
# and failed timing checks: the machine is CPU-bound. Every Vitest on PGlite starts from the
# database templates made above. Each report is printed once its lane is done: the server
# files', the second lane's, then Playwright's.
pg_started=1
pg_url=$(bash scripts/pg-test-server.sh)
lane_log=$(mktemp)
browser_log=$(mktemp)
vitest run --project server &
server_tests=$!
(
  set -e
  echo "--- Unit tests (PGlite)"
  UNIT_WORKERS=1 vitest run --project unit
  echo "--- Data-layer tests (PostgreSQL server)"
  # The floods on PostgreSQL send 3,000 of each kind: what a unique URL may keep does not depend on
  # the database (none of them queries it), and the PGlite run beside sends 10,000 of each.
  FLOOD_REQUESTS=3000 TEST_DATABASE_URL="$pg_url" UNIT_WORKERS=1 vitest run lib/data lib/db \
    lib/backup lib/auth lib/startup lib/trash lib/uploads/upload-locks.test.ts \
    test/ops/faults-kill.test.ts \
    test/ops/multi-instance.test.ts test/ops/floods.test.ts
  echo "--- Soak"
  npm run soak -- --seconds 45 --warmup 20 --out reliability/out/soak-short.json
) >"$lane_log" 2>&1 &
second_lane=$!
tests=0
wait "$second_lane" || tests=1
step "Browser tests (Playwright, Chromium), beside the server files still running"
playwright test >"$browser_log" 2>&1 &
browser_tests=$!
wait "$server_tests" || tests=1
step "Server files done; the second lane's report follows"
cat "$lane_log"
wait "$browser_tests" || tests=1
step "Browser tests done; their report follows"
cat "$browser_log"
rm -f "$lane_log" "$browser_log"
[ "$tests" = 0 ]
