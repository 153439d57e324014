CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"budget" text,
	"deadline" text,
	"project_id" text,
	"folder" text DEFAULT 'inbox' NOT NULL,
	"spam_reason" text,
	"read_at" timestamp with time zone,
	"proof_nonce" text,
	"mailed_at" timestamp with time zone,
	"mail_retry_at" timestamp with time zone,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "contact_messages_proof_nonce_unique" UNIQUE("proof_nonce"),
	CONSTRAINT "contact_messages_id_hex" CHECK ("contact_messages"."id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "contact_messages_folder_valid" CHECK ("contact_messages"."folder" in ('inbox', 'spam', 'archive'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_folder_created_idx" ON "contact_messages" USING btree ("folder","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_mail_retry_idx" ON "contact_messages" USING btree ("mail_retry_at") WHERE "contact_messages"."mail_retry_at" is not null;--> statement-breakpoint
CREATE INDEX "contact_messages_deleted_at_idx" ON "contact_messages" USING btree ("deleted_at") WHERE "contact_messages"."deleted_at" is not null;