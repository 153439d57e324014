/** The production server's Node.js options for a heap limit of `heapLimitMb` (see node-options.mjs). */
export function startNodeOptions(heapLimitMb?: string | number): string;
