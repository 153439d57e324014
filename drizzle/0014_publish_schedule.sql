ALTER TABLE "projects" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_schedule_order" CHECK ("projects"."publish_at" is null or "projects"."unpublish_at" is null or "projects"."unpublish_at" > "projects"."publish_at");