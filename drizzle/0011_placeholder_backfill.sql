-- One-off jobs a migration leaves for the server, which runs each after start-up and then deletes
-- its row: the blur-up placeholders of images stored before migration 0009 (lib/startup/fill-placeholders.ts).
-- Installation state, not content: not in backups (models/ has no table for it).
CREATE TABLE IF NOT EXISTS "pending_jobs" ("name" text PRIMARY KEY NOT NULL);--> statement-breakpoint
INSERT INTO "pending_jobs" ("name") VALUES ('placeholder-backfill') ON CONFLICT DO NOTHING;
