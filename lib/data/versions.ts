import "server-only";

/** Thrown inside a locked update when the row is in the trash: the update answers "not found". */
export class NotLive extends Error {}

/**
 * An edit that started from another version than the stored one (docs/spec.md
 * §10): nothing is written, the API answers 409.
 */
export class StaleVersionError extends Error {
  constructor(readonly current: number) {
    super("Stale version");
  }
}

/**
 * Under the row's lock: refuses a trashed row (NotLive) or one changed since `expected` (when the
 * client sent the version it started from; without it the save is accepted as before), and returns
 * the row's next version.
 */
export function checkVersion(
  row: { version: number; deletedAt: Date | null },
  expected: number | undefined,
): number {
  if (row.deletedAt) throw new NotLive();
  if (expected !== undefined && expected !== row.version) throw new StaleVersionError(row.version);
  return row.version + 1;
}
