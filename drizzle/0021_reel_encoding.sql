ALTER TABLE "video_jobs" DROP CONSTRAINT "video_jobs_one_owner";--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "settings_key" text;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_settings_key_site_settings_key_fk" FOREIGN KEY ("settings_key") REFERENCES "public"."site_settings"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_settings_key_unique" UNIQUE("settings_key");--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_one_owner" CHECK (num_nonnulls("video_jobs"."section_id", "video_jobs"."project_id", "video_jobs"."settings_key") = 1);