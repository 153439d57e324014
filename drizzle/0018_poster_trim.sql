ALTER TABLE "sections" ADD COLUMN "poster_from_video" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "poster_time" real;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "trim_start" real;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "trim_end" real;