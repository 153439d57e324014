import { startNodeOptions } from "../scripts/node-options.mjs";

/**
 * The Node.js options of the bench's reference servers, which run beside the tuned one
 * (bench/run.mts). Not for running a site.
 *
 * "Before": `npm start` before the memory settings. Its Node options are the production ones (the
 * same heap limit, V8's own young generation); the bench adds V8's own heap growing factor and
 * leaves glibc's own malloc thresholds. Its cached-page throughput is what the tuned server must keep.
 */
export const beforeNodeOptions = startNodeOptions;

/**
 * "Untuned": the same without the heap limit either (V8 then sizes the heap from the machine's
 * memory): the bench reports what the limit itself costs against it.
 */
export function untunedNodeOptions(): string {
  return startNodeOptions()
    .split(" ")
    .filter((option) => !option.startsWith("--max-old-space-size="))
    .join(" ");
}
