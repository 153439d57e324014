import { PGlite } from "@electric-sql/pglite";

// Free of server-only imports: the test run's global set-up makes its template database with
// these parameters too (test/helpers/pg-template.ts).

/**
 * PGlite's start parameters: its defaults plus a leaner memory set-up than PostgreSQL's server
 * defaults, which assume a machine of its own. One connection in one process reads a site of a
 * few hundred rows, so 16 MB of shared buffers hold the working set many times over (the default
 * 128 MB cost 160 MB of RSS for the same point-query time, bench/REPORT.md). work_mem and
 * maintenance_work_mem bound sorts and VACUUM/CREATE INDEX; a smaller max_wal_size keeps pg_wal
 * on disk small with more frequent (tiny) checkpoints. Durability settings are left as they are.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  ...["-c", "shared_buffers=16MB"],
  ...["-c", "work_mem=2MB"],
  ...["-c", "maintenance_work_mem=16MB"],
  ...["-c", "temp_buffers=2MB"],
  ...["-c", "max_wal_size=64MB"],
  ...["-c", "min_wal_size=32MB"],
];
