#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what the tests need (Chromium and PostgreSQL
# from Debian, npm dependencies with Node 22), then runs lint, types, formatting, unit and
# integration tests on PGlite and on PostgreSQL, and the Playwright browser tests.
source "$(dirname "$0")/lib.sh"
ensure_system_packages
ensure_node_modules

step() { printf '\n=== %s\n' "$*"; }

step "Lint, types and formatting"
eslint . --max-warnings=0
tsc --noEmit
prettier --check . --log-level=warn

step "Production build"
ensure_build

step "Unit and integration tests (PGlite)"
vitest run

step "Soak (short form: 20 s warm-up + 45 s of mixed reads and owner writes)"
npm run soak -- --seconds 45 --warmup 20 --out reliability/out/soak-short.json

step "Data-layer tests (PostgreSQL server)"
pg_url=$(bash scripts/pg-test-server.sh)
trap 'bash scripts/pg-test-server.sh stop' EXIT
TEST_DATABASE_URL="$pg_url" vitest run lib/data lib/db lib/backup lib/auth lib/startup test/faults-kill.test.ts

step "Browser tests (Playwright, Chromium)"
playwright test
