ALTER TABLE "sections" ADD COLUMN "video_playback" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "poster_url" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_video_playback" CHECK ("sections"."video_playback" in ('player', 'loop'));
