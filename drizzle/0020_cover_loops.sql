ALTER TABLE "video_jobs" ALTER COLUMN "section_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_video_status" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_video_error" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_video_renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_video_meta" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_trim_start" real;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_trim_end" real;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "project_id" text;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_project_id_unique" UNIQUE("project_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_cover_video_status" CHECK ("projects"."cover_video_status" in ('processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_one_owner" CHECK (("video_jobs"."section_id" is null) <> ("video_jobs"."project_id" is null));