ALTER TABLE "projects" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_year_range" CHECK ("projects"."year" between 1900 and 2100);