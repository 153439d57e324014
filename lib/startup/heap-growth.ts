import v8 from "node:v8";

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it marks
 * again: 1.5× the live heap (docs/memory.md).
 *
 * With the fixed old-space limit (`--max-old-space-size`, 512 MB), V8 treats the process as a
 * small device and caps the factor at about 1.35; for a server whose collections are fast next to
 * its allocation, its own formula then picks 1.1–1.2. The next limit thus sits 10–12 MB above a
 * ~65 MB live heap, which is about where V8 starts marking. Requests that promote a few MB a second
 * keep it there, so it ran a full mark-compact every 50–130 ms of a 50 MB upload (13 in five
 * uploads; 1 with this setting), and `/` under load lost throughput to the same collections.
 */
export const HEAP_GROWING_PERCENT = 50;

const FLAG = "--heap-growing-percent";

/**
 * Sets V8's heap growing factor for this process. Node.js refuses V8's collector flags in
 * `NODE_OPTIONS`, and the server is started as `next start` by `npm start`, the systemd unit, the
 * Docker image and the tests and bench, so it is set here, at start-up, where every one of them
 * passes. V8 reads the flag each time it computes the next limit, so it holds from the first
 * collection after this call. A value given on Node's own command line is left as it is.
 */
export function setHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((argument) => argument === FLAG || argument.startsWith(`${FLAG}=`)))
    return false;
  v8.setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
  return true;
}
