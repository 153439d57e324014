-- Several servers on one PostgreSQL database (issue 19 item 2; docs/architecture.md, "Many
-- instances on one PostgreSQL"). Both tables hold per-installation state, not site content: they
-- are left out of backups (lib/backup/tables.ts). On PGlite they exist but stay empty (the key is a
-- file in DATA_DIR/auth, rate limits are counted in memory).
CREATE TABLE IF NOT EXISTS "auth_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auth_signing_keys_created_idx" ON "auth_signing_keys" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "auth_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auth_rate_limits_updated_idx" ON "auth_rate_limits" USING btree ("updated_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "auth_account_throttles" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"trusted" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
