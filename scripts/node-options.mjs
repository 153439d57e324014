// The Node.js options and the C library's malloc settings the production server runs with, in one
// place: `npm start` (scripts/start.sh exports what `node scripts/node-options.mjs` prints), the
// Playwright server (scripts/e2e-server.mjs), the Vitest servers, the bench and the soak
// (test/helpers/server.ts) and the bench's static ceilings (bench/ceilings.mts) all take their
// environment from serverEnvironment(). deploy/vps's unit and the Dockerfile spell them out for a
// 512 MB heap; scripts/node-options.test.ts checks they agree.
//
// - --max-old-space-size: V8 sizes its heap from the machine's memory (gigabytes on a big host) and
//   collects lazily until it nears that size, so a long-running site's memory climbs for hours
//   without leaking. A fixed old-space limit keeps it flat (reliability/REPORT.md); HEAP_LIMIT_MB
//   changes it. V8's heap growing factor, which Node.js does not take from NODE_OPTIONS, is set by
//   the server itself (lib/startup/heap-growth.ts).
// - No --max-semi-space-size: V8's own young generation (16 MB semi-spaces here). 8 MB holds
//   25-40 MB less after a load, but cost cached pages 5-10 % of their requests a second in
//   alternating loads, which the bench's 5 % budget against the server before the
//   memory settings could not carry (docs/memory.md).
// - --experimental-async-context-frame: AsyncLocalStorage, which Next.js enters for every request,
//   kept in V8's continuation data instead of async_hooks' promise hooks (Node.js 24's default).
//   Cached pages serve 14-25 % more requests a second (docs/memory.md).
// - The warning Node.js would print once when it reads next.config.ts itself (package.json has
//   no "type") is silenced.
// - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ (glibc's malloc, environment variables, not
//   Node options): glibc raises its mmap threshold each time a large block is freed, up to 32 MB,
//   and keeps up to twice that free in its heaps before it gives memory back; a warmed-up server
//   then sat on about 30 MB of freed native memory. Fixed at 128 kB, large blocks are mapped and
//   unmapped and freed tops returned (docs/memory.md). Other C libraries ignore them.

/** The options for a heap limit of `heapLimitMb` (HEAP_LIMIT_MB, else 512). */
export function startNodeOptions(heapLimitMb = process.env.HEAP_LIMIT_MB || "512") {
  return [
    `--max-old-space-size=${heapLimitMb}`,
    "--experimental-async-context-frame",
    "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON",
  ].join(" ");
}

/** glibc's malloc settings (above): fixed thresholds instead of its dynamic ones. */
const MALLOC_SETTINGS = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };

/**
 * The malloc settings for the server's environment: each one `env` already sets is kept as it is.
 */
export function mallocEnvironment(env = process.env) {
  return Object.fromEntries(
    Object.entries(MALLOC_SETTINGS).map(([name, value]) => [name, env[name] || value]),
  );
}

/**
 * The environment of a production server started from `env`: glibc's malloc settings (a value
 * `env` already has is kept), and NODE_OPTIONS with the production options followed by `env`'s own.
 * Given `nodeOptions` stand alone: NODE_OPTIONS is exactly them and no malloc setting is passed on,
 * not even an inherited one (the bench's reference servers, bench/node-options.mts).
 */
export function serverEnvironment(env = process.env, nodeOptions = undefined) {
  const result = { ...env };
  if (nodeOptions === undefined) {
    Object.assign(result, mallocEnvironment(env));
    result.NODE_OPTIONS = [startNodeOptions(env.HEAP_LIMIT_MB || "512"), env.NODE_OPTIONS]
      .filter(Boolean)
      .join(" ");
  } else {
    for (const name of Object.keys(MALLOC_SETTINGS)) delete result[name];
    result.NODE_OPTIONS = nodeOptions;
  }
  return result;
}

// Run as a script, it prints what serverEnvironment() sets, NODE_OPTIONS and the malloc settings, as
// NAME=value lines for scripts/lib.sh's export_server_environment. (Not `import.meta`: Playwright
// loads this file, through test/helpers/server.ts, as CommonJS.)
if (process.argv[1]?.endsWith("/node-options.mjs")) {
  const env = serverEnvironment();
  for (const name of ["NODE_OPTIONS", ...Object.keys(MALLOC_SETTINGS)])
    console.log(`${name}=${env[name]}`);
}
