import "server-only";
import { rateLimited } from "./errors";
import { readClientKey } from "./http";

type Rule = { burst: number; perSeconds: number; requests: number };

/** The reference limits per client: /token 150 per 5 min (burst 30), the others 30 per 5 min. */
const RULES = {
  token: { burst: 30, requests: 150, perSeconds: 300 },
  signup: { burst: 30, requests: 30, perSeconds: 300 },
  recover: { burst: 30, requests: 30, perSeconds: 300 },
  verify: { burst: 30, requests: 30, perSeconds: 300 },
  updateUser: { burst: 30, requests: 30, perSeconds: 300 },
} satisfies Record<string, Rule>;

export type RateLimitName = keyof typeof RULES;

type Bucket = { tokens: number; updatedAt: number };

const buckets = new Map<string, Bucket>();

/** Token bucket: takes one request from the client's budget or throws 429. */
export function consumeRateLimit(request: Request, name: RateLimitName, now = Date.now()): void {
  const rule: Rule = RULES[name];
  const key = `${name}:${readClientKey(request)}`;
  const refillPerMs = rule.requests / (rule.perSeconds * 1000);
  const bucket = buckets.get(key) ?? { tokens: rule.burst, updatedAt: now };
  const tokens = Math.min(rule.burst, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
  if (tokens < 1) {
    buckets.set(key, { tokens, updatedAt: now });
    throw rateLimited();
  }
  buckets.set(key, { tokens: tokens - 1, updatedAt: now });
  if (buckets.size > 10_000) pruneFullBuckets(now);
}

/** Forgets buckets that have refilled completely, so many distinct clients cannot grow the map. */
function pruneFullBuckets(now: number): void {
  for (const [key, bucket] of buckets) {
    if (now - bucket.updatedAt > 300_000) buckets.delete(key);
  }
}
