ALTER TABLE "sections" ADD COLUMN "layout" text DEFAULT 'grid' NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_layout_valid" CHECK ("sections"."layout" in ('grid', 'natural', 'full'));--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_focal_x" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_focal_y" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_cover_focal_range" CHECK ("projects"."cover_focal_x" between 0 and 1 and "projects"."cover_focal_y" between 0 and 1);
