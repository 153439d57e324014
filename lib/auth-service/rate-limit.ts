import "server-only";
import { sql } from "drizzle-orm";
import { getDb, rowsOf, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AuthServiceError, rateLimited } from "./errors";
import { TokenBuckets, type BucketRule } from "@/lib/http/token-bucket";
import { readClientAddress } from "./http";

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
  // The contact form (docs/security.md "Contact form"): 10 posts per address per hour, and 30
  // stored messages per hour for the whole site (takeSiteRateLimit).
  contact: { burst: 10, requests: 10, perSeconds: 3600 },
  contactSite: { burst: 30, requests: 30, perSeconds: 3600 },
  // Client review links (docs/spec.md §13), per address and link: comments (10 at once, then
  // one every 10 s) and visits recorded.
  reviewComment: { burst: 10, requests: 30, perSeconds: 300 },
  reviewOpen: { burst: 30, requests: 60, perSeconds: 300 },
} satisfies Record<string, BucketRule>;

export type RateLimitName = keyof typeof RULES;

const buckets = new TokenBuckets();

/** One budget: the action, the scope if any (a protected project's id), the client address. */
export function rateLimitKey(request: Request, name: RateLimitName, scope?: string): string {
  return `${name}:${scope ? `${scope}:` : ""}${readClientAddress(request)}`;
}

/** Takes one request from the address's budget (per `scope`, if given) in memory, or throws 429. */
export function consumeRateLimit(
  request: Request,
  name: RateLimitName,
  now = Date.now(),
  scope?: string,
): void {
  if (!buckets.take(rateLimitKey(request, name, scope), RULES[name], now)) throw rateLimited();
}

/**
 * consumeRateLimit, in the database with DATABASE_URL (all servers share one budget per address),
 * otherwise in this process's memory (PGlite: one process).
 */
export async function takeRateLimit(
  request: Request,
  name: RateLimitName,
  scope?: string,
): Promise<void> {
  if (!env().DATABASE_URL) return consumeRateLimit(request, name, Date.now(), scope);
  const allowed = await consumeDatabaseRateLimit(
    await getDb(),
    rateLimitKey(request, name, scope),
    name,
  );
  if (!allowed) throw rateLimited();
}

/** takeRateLimit for a budget the whole site shares (every address together). */
export async function takeSiteRateLimit(name: RateLimitName): Promise<void> {
  const key = `${name}:site`;
  const allowed = env().DATABASE_URL
    ? await consumeDatabaseRateLimit(await getDb(), key, name)
    : buckets.take(key, RULES[name], Date.now());
  if (!allowed) throw rateLimited();
}

/** Whether a take of a budget (takeRateLimit, takeSiteRateLimit) found it spent; other errors pass. */
export const spent = (take: Promise<void>): Promise<boolean> =>
  take.then(
    () => false,
    (error: unknown) => {
      if (error instanceof AuthServiceError) return true;
      throw error;
    },
  );

/** A bucket untouched this long has refilled completely, whatever its rule. */
const FULL_AFTER_SECONDS = Math.max(
  ...Object.values(RULES).map((rule: BucketRule) => (rule.burst * rule.perSeconds) / rule.requests),
);
const PRUNE_EVERY = 500;
let sincePrune = 0;

/**
 * The token bucket of consumeRateLimit as one statement on auth_rate_limits: the row is locked
 * while it is updated, so requests to several servers at once each take their own token. Time is
 * the database's (clock_timestamp()) so servers' clocks do not matter; `at` is for tests.
 * Returns whether the request is allowed.
 */
export async function consumeDatabaseRateLimit(
  db: Db,
  key: string,
  name: RateLimitName,
  at?: Date,
): Promise<boolean> {
  const rule: BucketRule = RULES[name];
  const perSecond = rule.requests / rule.perSeconds;
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const refilled = sql`least(${rule.burst}::float8, b.tokens + greatest(0, extract(epoch from (excluded.updated_at - b.updated_at))) * ${perSecond}::float8)`;
  const result = await db.execute(sql`
    insert into auth_rate_limits as b (key, tokens, allowed, updated_at)
    values (${key}, ${rule.burst - 1}, true, ${now})
    on conflict (key) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      allowed = ${refilled} >= 1,
      updated_at = greatest(b.updated_at, excluded.updated_at)
    returning allowed`);
  if (++sincePrune >= PRUNE_EVERY) {
    sincePrune = 0;
    await db.execute(
      sql`delete from auth_rate_limits where updated_at < ${now} - make_interval(secs => ${FULL_AFTER_SECONDS})`,
    );
  }
  return rowsOf<{ allowed: boolean }>(result)[0]!.allowed;
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
/** Client address → when it last proved the account, oldest first. */
type Trusted = Map<string, number>;

/** The 429 of an account in back-off, or nothing (pure: shared by memory and database). */
function throttleError(
  state: AccountState | undefined,
  trustedAddresses: Trusted | undefined,
  address: string,
  now: number,
): AuthServiceError | null {
  if (!state || now >= state.blockedUntil) return null;
  const at = trustedAddresses?.get(address);
  if (at !== undefined && now - at < TRUSTED_FOR_MS) return null;
  const seconds = Math.ceil((state.blockedUntil - now) / 1000);
  return new AuthServiceError(
    429,
    "over_request_rate_limit",
    `Too many sign-in attempts for this account. Try again in ${seconds} seconds.`,
  );
}

/** After FREE_FAILURES the back-off doubles with each wrong password (1 s … 15 min). */
function afterFailure(previous: AccountState | undefined, now: number): AccountState {
  const failures =
    previous && now - previous.lastFailureAt < FAILURE_MEMORY_MS ? previous.failures + 1 : 1;
  const over = failures - FREE_FAILURES;
  const backoff = over > 0 ? Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (over - 1)) : 0;
  return { failures, lastFailureAt: now, blockedUntil: now + backoff };
}

/** The address moves to the newest place; the oldest beyond the limit are forgotten. */
function withProof(previous: Trusted | undefined, address: string, now: number): Trusted {
  const addresses = new Map(previous);
  addresses.delete(address);
  addresses.set(address, now);
  while (addresses.size > MAX_TRUSTED_PER_ACCOUNT) addresses.delete(addresses.keys().next().value!);
  return addresses;
}

/** An account's back-off state and the addresses that proved it. */
type Account = { state?: AccountState; trusted?: Trusted };
/** Where accounts live: reads one, and writes what `change` makes of it. */
type AccountStore = {
  read(email: string): Promise<Account>;
  update(email: string, change: (current: Account) => Account): Promise<void>;
};

const accounts = new Map<string, AccountState>();
/** account e-mail → (client address → when it last proved the account). */
const trusted = new Map<string, Trusted>();

/** On PGlite, this process's memory (one process), each map kept under 10,000 accounts. */
const memoryStore: AccountStore = {
  read: async (email) => ({ state: accounts.get(email), trusted: trusted.get(email) }),
  update: async (email, change) => {
    const current = { state: accounts.get(email), trusted: trusted.get(email) };
    const next = change(current);
    if (next.state) accounts.set(email, next.state);
    else accounts.delete(email);
    if (next.trusted && next.trusted !== current.trusted) trusted.set(email, next.trusted);
    if (accounts.size > 10_000) {
      const now = next.state?.lastFailureAt ?? Date.now();
      for (const [key, state] of accounts)
        if (now - state.lastFailureAt > FAILURE_MEMORY_MS || now >= state.blockedUntil)
          accounts.delete(key);
    }
    if (trusted.size > 10_000) trusted.delete(trusted.keys().next().value!);
  },
};

// With DATABASE_URL: one account state for all servers (auth_account_throttles).

type AccountRow = {
  failures: number;
  last_failure_at: string | null;
  blocked_until: string | null;
  trusted: Record<string, number>;
};

const ms = (value: string | null) => (value === null ? 0 : new Date(value).getTime());

function fromRow(row: AccountRow | undefined): Account {
  if (!row) return {};
  const addresses = new Map(Object.entries(row.trusted).sort(([, a], [, b]) => a - b));
  const state =
    row.failures > 0
      ? {
          failures: row.failures,
          lastFailureAt: ms(row.last_failure_at),
          blockedUntil: ms(row.blocked_until),
        }
      : undefined;
  return { state, trusted: addresses };
}

const ACCOUNT_COLUMNS = sql`failures, last_failure_at, blocked_until, trusted`;

const databaseStore: AccountStore = {
  read: async (email) => {
    const db = await getDb();
    const result = await db.execute(
      sql`select ${ACCOUNT_COLUMNS} from auth_account_throttles where email = ${email}`,
    );
    return fromRow(rowsOf<AccountRow>(result)[0]);
  },
  /** `change` runs on the account's row, locked (created when missing). */
  update: async (email, change) => {
    await (
      await getDb()
    ).transaction(async (tx) => {
      await tx.execute(
        sql`insert into auth_account_throttles (email) values (${email}) on conflict (email) do nothing`,
      );
      const result = await tx.execute(
        sql`select ${ACCOUNT_COLUMNS} from auth_account_throttles where email = ${email} for update`,
      );
      const { state, trusted } = change(fromRow(rowsOf<AccountRow>(result)[0]));
      await tx.execute(sql`update auth_account_throttles set
        failures = ${state?.failures ?? 0},
        last_failure_at = ${state ? new Date(state.lastFailureAt).toISOString() : null}::timestamptz,
        blocked_until = ${state ? new Date(state.blockedUntil).toISOString() : null}::timestamptz,
        trusted = ${JSON.stringify(Object.fromEntries(trusted ?? []))}::jsonb,
        updated_at = now()
        where email = ${email}`);
    });
  },
};

const accountStore = () => (env().DATABASE_URL ? databaseStore : memoryStore);

/**
 * Before a password is checked: an account in back-off refuses the attempt (429, with the wait
 * in seconds), except from an address that signed in to it, refreshed its session or opened its
 * reset link before. So a stranger can slow guessing at an account to one try per back-off
 * period from all addresses together, but cannot lock its owner out: the owner's known addresses
 * pass, and a reset link (which this throttle does not touch) makes any new address known.
 * Unknown addresses are tracked like real ones, so the answer says nothing about existence.
 */
export async function checkAccount(request: Request, email: string, now = Date.now()) {
  const { state, trusted } = await accountStore().read(email);
  const error = throttleError(state, trusted, readClientAddress(request), now);
  if (error) throw error;
}

/** A wrong password: after FREE_FAILURES the back-off doubles with each one (1 s … 15 min). */
export async function recordFailure(email: string, now = Date.now()) {
  await accountStore().update(email, (current) => ({
    state: afterFailure(current.state, now),
    trusted: current.trusted,
  }));
}

/**
 * The request's address proved it holds the account (right password, a live refresh token, an
 * e-mailed link): its failures are forgotten and the address passes the back-off from now on.
 */
export async function recordProof(request: Request, email: string, now = Date.now()) {
  const address = readClientAddress(request);
  await accountStore().update(email, (current) => ({
    trusted: withProof(current.trusted, address, now),
  }));
}
