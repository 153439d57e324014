/** The production server's Node.js options for a heap limit of `heapLimitMb` (see node-options.mjs). */
export function startNodeOptions(heapLimitMb?: string | number): string;
/** The options before the memory settings, the heap limit kept: the bench's "before" server only (see node-options.mjs). */
export function beforeNodeOptions(heapLimitMb?: string | number): string;
/** Without any memory setting, the heap limit too: the bench's reference only (see node-options.mjs). */
export function untunedNodeOptions(): string;
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
