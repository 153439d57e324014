CREATE TABLE "video_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"section_id" text NOT NULL,
	"source_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_jobs_section_id_unique" UNIQUE("section_id"),
	CONSTRAINT "video_jobs_state_valid" CHECK ("video_jobs"."state" in ('queued', 'encoding', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "video_status" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "video_error" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "video_renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "video_meta" jsonb;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_jobs_state_idx" ON "video_jobs" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_video_status" CHECK ("sections"."video_status" in ('processing', 'ready', 'failed'));