CREATE TABLE "review_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"section_id" text NOT NULL,
	"open_id" text,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"time" real,
	"x" real,
	"y" real,
	"reply" text,
	"replied_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_comments_time_range" CHECK ("review_comments"."time" >= 0),
	CONSTRAINT "review_comments_point_range" CHECK (("review_comments"."x" is null and "review_comments"."y" is null) or ("review_comments"."x" between 0 and 1 and "review_comments"."y" between 0 and 1))
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"project_ids" jsonb NOT NULL,
	"password_hash" text,
	"allow_download" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_links_token_unique" UNIQUE("token"),
	CONSTRAINT "review_links_id_hex" CHECK ("review_links"."id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "review_opens" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device" text NOT NULL,
	"projects_viewed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_seconds" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_link_id_review_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."review_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_open_id_review_opens_id_fk" FOREIGN KEY ("open_id") REFERENCES "public"."review_opens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_opens" ADD CONSTRAINT "review_opens_link_id_review_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."review_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_comments_link_idx" ON "review_comments" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "review_opens_link_idx" ON "review_opens" USING btree ("link_id","opened_at");