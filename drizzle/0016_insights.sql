CREATE TABLE "view_counts" (
	"period" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"project_id" text,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "view_counts_period_day_dimension_value_pk" PRIMARY KEY("period","day","dimension","value"),
	CONSTRAINT "view_counts_period" CHECK ("view_counts"."period" in ('day', 'month')),
	CONSTRAINT "view_counts_dimension" CHECK ("view_counts"."dimension" in ('site', 'path', 'referrer', 'device')),
	CONSTRAINT "view_counts_device" CHECK ("view_counts"."dimension" <> 'device' or "view_counts"."value" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_visitors" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "view_visitors_day_scope_hash_pk" PRIMARY KEY("day","scope","hash")
);
