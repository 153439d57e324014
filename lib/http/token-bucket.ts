/** A budget: up to `burst` at once, refilled at `requests` per `perSeconds`. */
export type BucketRule = { burst: number; requests: number; perSeconds: number };

type Bucket = { tokens: number; updatedAt: number };

/**
 * Token buckets by key (an action and a client address), in this process's memory. At most
 * `maxKeys` are kept: past that the least recently used goes, so a flood from many addresses
 * cannot grow the map (a forgotten bucket starts full again, the lenient side).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly maxKeys = 10_000) {}

  /** Takes one token from `key`'s bucket; false (and nothing taken) when it is empty. */
  take(key: string, rule: BucketRule, now = Date.now()): boolean {
    const refillPerMs = rule.requests / (rule.perSeconds * 1000);
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(rule.burst, bucket.tokens + (now - bucket.updatedAt) * refillPerMs)
      : rule.burst;
    const allowed = tokens >= 1;
    // Deleted and set again: the map's order is then the order of last use.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, updatedAt: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    return allowed;
  }

  get size(): number {
    return this.buckets.size;
  }
}
