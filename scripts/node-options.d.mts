/** The production server's Node.js options for a heap limit of `heapLimitMb` (see node-options.mjs). */
export function startNodeOptions(heapLimitMb?: string | number): string;
/** glibc's malloc settings for the server's environment, keeping any `env` already sets (see node-options.mjs). */
export function mallocEnvironment(env?: Record<string, string | undefined>): Record<string, string>;
/**
 * A production server's environment from `env`: malloc settings and NODE_OPTIONS; `nodeOptions`
 * given, exactly those options and no malloc setting (see node-options.mjs).
 */
export function serverEnvironment(
  env?: Record<string, string | undefined>,
  nodeOptions?: string,
): NodeJS.ProcessEnv;
