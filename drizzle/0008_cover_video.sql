ALTER TABLE "projects" ADD COLUMN "cover_video_url" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_video_key" text;
