-- Blur-up placeholders (issue 18 item 5): a tiny data URL stored with the cover and the video
-- poster; null on rows made before, filled in the background after start-up. Section images carry
-- theirs in the images JSON (an optional "placeholder" field), so that column needs no change.
ALTER TABLE "projects" ADD COLUMN "cover_placeholder" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "poster_placeholder" text;
