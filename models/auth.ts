import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  type PgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Tables of the embedded auth service. They live in the public schema with an `auth_` prefix so
// they never collide with the `auth` schema of a Supabase Postgres database.

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const authUsers = pgTable(
  "auth_users",
  {
    id: uuid("id").primaryKey(),
    /** Always lower-cased. */
    email: text("email").notNull(),
    /** bcrypt hash; null for accounts that only sign in with Google. */
    encryptedPassword: text("encrypted_password"),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    recoverySentAt: timestamp("recovery_sent_at", { withTimezone: true }),
    appMetadata: jsonb("app_metadata").$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb("user_metadata").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [uniqueIndex("auth_users_email_key").on(table.email)],
);

/** The row's user: removed with the account. */
const userOf = () =>
  uuid("user_id")
    .notNull()
    .references(() => authUsers.id, { onDelete: "cascade" });

export const authIdentities = pgTable(
  "auth_identities",
  {
    id: uuid("id").primaryKey(),
    userId: userOf(),
    provider: text("provider").notNull(),
    /** The provider's subject (`sub`), or the user id for the e-mail provider. */
    providerId: text("provider_id").notNull(),
    identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("auth_identities_provider_key").on(table.provider, table.providerId),
    index("auth_identities_user_idx").on(table.userId),
  ],
);

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey(),
    userId: userOf(),
    /** Sign-in methods for the `amr` claim, e.g. [{ method: "password", timestamp }]. */
    amr: jsonb("amr").$type<{ method: string; timestamp: number }[]>().notNull(),
    userAgent: text("user_agent"),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

/**
 * A token table's indexes: the token's hash is unique (`<table>_hash_key`, the lookup when it is
 * used) and `by` is indexed (`<table>_<name>_idx`, to revoke them together).
 */
const tokenIndexes = (table: string, hash: PgColumn, [name, by]: [string, PgColumn]) => [
  uniqueIndex(`${table}_hash_key`).on(hash),
  index(`${table}_${name}_idx`).on(by),
];

export const authRefreshTokens = pgTable(
  "auth_refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** SHA-256 of the token; the token itself is only ever held by the client. */
    tokenHash: text("token_hash").notNull(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    /** Hash of the token this one replaced, for reuse detection. */
    parentHash: text("parent_hash"),
    revoked: boolean("revoked").notNull().default(false),
    ...timestamps,
  },
  (table) => tokenIndexes("auth_refresh_tokens", table.tokenHash, ["session", table.sessionId]),
);

/** A PKCE flow in progress: a password-recovery link or a Google sign-in. */
export const authFlowStates = pgTable(
  "auth_flow_states",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    /** "recovery" or "oauth". */
    authenticationMethod: text("authentication_method").notNull(),
    providerType: text("provider_type").notNull(),
    codeChallenge: text("code_challenge"),
    codeChallengeMethod: text("code_challenge_method"),
    /** Handed to the client once the flow is complete; exchanged at /token?grant_type=pkce. */
    authCode: text("auth_code"),
    authCodeIssuedAt: timestamp("auth_code_issued_at", { withTimezone: true }),
    redirectTo: text("redirect_to"),
    /** OpenID Connect state towards the provider: state, nonce and the site's own PKCE verifier. */
    providerState: text("provider_state"),
    providerNonce: text("provider_nonce"),
    providerCodeVerifier: text("provider_code_verifier"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("auth_flow_states_auth_code_key").on(table.authCode),
    uniqueIndex("auth_flow_states_provider_state_key").on(table.providerState),
  ],
);

/** E-mailed single-use tokens (password recovery). */
export const authOneTimeTokens = pgTable(
  "auth_one_time_tokens",
  {
    id: uuid("id").primaryKey(),
    userId: userOf(),
    /** What the e-mailed link does: reset the password, or confirm a sign-up. */
    tokenType: text("token_type", { enum: ["recovery", "signup"] }).notNull(),
    /** SHA-256 of the token in the link. */
    tokenHash: text("token_hash").notNull(),
    flowStateId: uuid("flow_state_id").references(() => authFlowStates.id, {
      onDelete: "cascade",
    }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => tokenIndexes("auth_one_time_tokens", table.tokenHash, ["user", table.userId]),
);

export type AuthUserRow = typeof authUsers.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type AuthFlowStateRow = typeof authFlowStates.$inferSelect;

/**
 * With DATABASE_URL: the ES256 keys that sign access tokens, shared by every server on the
 * database (on PGlite the key is the file DATA_DIR/auth/jwt-signing-key.json). The newest signs;
 * older ones still verify the tokens they signed until those expire (`npm run auth:rotate-key`).
 */
export const authSigningKeys = pgTable(
  "auth_signing_keys",
  {
    kid: text("kid").primaryKey(),
    /** The private JWK (with `kid` and `alg`). */
    privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("auth_signing_keys_created_idx").on(table.createdAt)],
);

/**
 * With DATABASE_URL: the auth service's per-address token buckets (lib/auth-service/rate-limit.ts),
 * one budget across all servers. `allowed` is whether the request that last touched the bucket
 * got through.
 */
export const authRateLimits = pgTable(
  "auth_rate_limits",
  {
    key: text("key").primaryKey(),
    tokens: doublePrecision("tokens").notNull(),
    allowed: boolean("allowed").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("auth_rate_limits_updated_idx").on(table.updatedAt)],
);

/**
 * With DATABASE_URL: the per-account sign-in back-off (lib/auth-service/rate-limit.ts), shared by
 * all servers. `trusted` maps a client address to when it last proved the account (ms).
 */
export const authAccountThrottles = pgTable("auth_account_throttles", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  trusted: jsonb("trusted").$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
