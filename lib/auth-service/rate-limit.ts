import "server-only";
import { AuthServiceError, rateLimited } from "./errors";
import { readClientAddress } from "./http";

type Rule = { burst: number; perSeconds: number; requests: number };

/**
 * Budgets per client address (see readClientAddress), each action its own: GoTrue's reference
 * limits (/token 150 per 5 min with a burst of 30, the others 30 per 5 min). A refresh or a PKCE
 * exchange never shares a budget with password guesses, so a flood of wrong sign-ins, even from
 * the owner's own address, cannot stop a signed-in browser from keeping its session.
 */
const RULES = {
  password: { burst: 30, requests: 150, perSeconds: 300 },
  refresh: { burst: 30, requests: 150, perSeconds: 300 },
  pkce: { burst: 30, requests: 150, perSeconds: 300 },
  signup: { burst: 30, requests: 30, perSeconds: 300 },
  recover: { burst: 30, requests: 30, perSeconds: 300 },
  verify: { burst: 30, requests: 30, perSeconds: 300 },
  updateUser: { burst: 30, requests: 30, perSeconds: 300 },
  // Protected projects' password form (docs/spec.md §11), per address and project: 20 tries, then
  // one more every 15 seconds.
  projectPassword: { burst: 20, requests: 20, perSeconds: 300 },
} satisfies Record<string, Rule>;

export type RateLimitName = keyof typeof RULES;

type Bucket = { tokens: number; updatedAt: number };

const buckets = new Map<string, Bucket>();

/**
 * Token bucket: takes one request from the client address's budget or throws 429. `scope`, when
 * given, gives the address one budget per scope (a protected project's id).
 */
export function consumeRateLimit(
  request: Request,
  name: RateLimitName,
  now = Date.now(),
  scope?: string,
): void {
  const rule: Rule = RULES[name];
  const key = `${name}:${scope ? `${scope}:` : ""}${readClientAddress(request)}`;
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

// --- Per account: password sign-in ---

/** Wrong passwords an account absorbs before its back-off starts. */
const FREE_FAILURES = 5;
const MAX_BACKOFF_MS = 15 * 60_000;
/** A quiet day forgets an account's failures. */
const FAILURE_MEMORY_MS = 24 * 60 * 60_000;
/** An address that proved it holds the account stays exempt from its back-off this long. */
const TRUSTED_FOR_MS = 30 * 24 * 60 * 60_000;
const MAX_TRUSTED_PER_ACCOUNT = 20;

type AccountState = { failures: number; lastFailureAt: number; blockedUntil: number };

const accounts = new Map<string, AccountState>();
/** account e-mail → (client address → when it last proved the account). */
const trusted = new Map<string, Map<string, number>>();

function isTrusted(email: string, address: string, now: number): boolean {
  const at = trusted.get(email)?.get(address);
  return at !== undefined && now - at < TRUSTED_FOR_MS;
}

/**
 * Before a password is checked: an account in back-off refuses the attempt (429, with the wait
 * in seconds), except from an address that signed in to it, refreshed its session or opened its
 * reset link before. So a stranger can slow guessing at an account to one try per back-off
 * period from all addresses together, but cannot lock its owner out: the owner's known addresses
 * pass, and a reset link (which this throttle does not touch) makes any new address known.
 * Unknown addresses are tracked like real ones, so the answer says nothing about existence.
 */
export function checkAccountThrottle(request: Request, email: string, now = Date.now()): void {
  const state = accounts.get(email);
  if (!state || now >= state.blockedUntil) return;
  if (isTrusted(email, readClientAddress(request), now)) return;
  const seconds = Math.ceil((state.blockedUntil - now) / 1000);
  throw new AuthServiceError(
    429,
    "over_request_rate_limit",
    `Too many sign-in attempts for this account. Try again in ${seconds} seconds.`,
  );
}

/** A wrong password: after FREE_FAILURES the back-off doubles with each one (1 s … 15 min). */
export function recordSignInFailure(email: string, now = Date.now()): void {
  const previous = accounts.get(email);
  const failures =
    previous && now - previous.lastFailureAt < FAILURE_MEMORY_MS ? previous.failures + 1 : 1;
  const over = failures - FREE_FAILURES;
  const backoff = over > 0 ? Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (over - 1)) : 0;
  accounts.set(email, { failures, lastFailureAt: now, blockedUntil: now + backoff });
  if (accounts.size > 10_000) {
    for (const [key, state] of accounts)
      if (now - state.lastFailureAt > FAILURE_MEMORY_MS || now >= state.blockedUntil)
        accounts.delete(key);
  }
}

/**
 * The request's address proved it holds the account (right password, a live refresh token, an
 * e-mailed link): its failures are forgotten and the address passes the back-off from now on.
 */
export function recordAccountProof(request: Request, email: string, now = Date.now()): void {
  accounts.delete(email);
  const addresses = trusted.get(email) ?? new Map<string, number>();
  addresses.delete(readClientAddress(request));
  addresses.set(readClientAddress(request), now);
  while (addresses.size > MAX_TRUSTED_PER_ACCOUNT) addresses.delete(addresses.keys().next().value!);
  trusted.set(email, addresses);
  if (trusted.size > 10_000) trusted.delete(trusted.keys().next().value!);
}
