ALTER TABLE "review_comments" ADD COLUMN "image" integer;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_image_range" CHECK ("review_comments"."image" >= 0);