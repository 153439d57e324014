import { startNodeOptions } from "../scripts/node-options.mjs";

/**
 * The Node.js options of the bench's reference server, which runs beside the tuned one
 * (bench/run.mts). Not for running a site.
 *
 * "Before": `npm start` before the memory settings. Its Node options are the production ones (the
 * same heap limit, V8's own young generation); the bench adds V8's own heap growing factor and
 * leaves glibc's own malloc thresholds. Its cached-page throughput is what the tuned server must keep.
 */
export const beforeNodeOptions = startNodeOptions;
