ALTER TABLE "projects" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_status_valid" CHECK ("projects"."status" in ('published', 'draft', 'unlisted', 'protected'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_protected_password" CHECK ("projects"."status" <> 'protected' or "projects"."password_hash" is not null);
