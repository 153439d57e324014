/**
 * The resumable uploads whose lock a request of this process holds, each with the way to make
 * that request let go (tus's "request release"): another request for the same upload, here or on
 * another server (by message, lib/startup/instance-sync.ts), calls it. On globalThis: the route
 * handlers and the instance listener are bundled apart.
 */
const HELD = Symbol.for("portfolio.heldUploads");
type WithHeld = { [HELD]?: Map<string, () => unknown> };

const held = () => ((globalThis as WithHeld)[HELD] ??= new Map());

export function holdUpload(id: string, release: () => unknown): void {
  held().set(id, release);
}

export function forgetHeldUpload(id: string, release: () => unknown): void {
  if (held().get(id) === release) held().delete(id);
}

/** Asks this process's request holding upload `id`, if any, to let go. */
export function releaseHeldUpload(id: string): void {
  void held().get(id)?.();
}
