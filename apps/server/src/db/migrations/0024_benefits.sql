-- Benefits at pickup (decision 516): which benefits each farm takes (SNAP with its FNS number, verified
-- by an admin; WIC FMNP and Senior FMNP with their end dates; the incentive's market), and what the farm
-- recorded as tendered for each order.
CREATE TABLE IF NOT EXISTS "producer_benefits" (
	"producer_user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"fns_number" text,
	"snap_status" text DEFAULT 'none' NOT NULL,
	"snap_note" text,
	"snap_reviewed_at" timestamp with time zone,
	"snap_reviewed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"wic_fmnp_accepted" boolean DEFAULT false NOT NULL,
	"wic_fmnp_expires_on" date,
	"senior_fmnp_accepted" boolean DEFAULT false NOT NULL,
	"senior_fmnp_expires_on" date,
	"incentive_market" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "producer_benefits_snap_status_idx" ON "producer_benefits" ("snap_status");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "order_tenders" (
	"order_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"snap_cents" integer DEFAULT 0 NOT NULL,
	"wic_fmnp_cents" integer DEFAULT 0 NOT NULL,
	"senior_fmnp_cents" integer DEFAULT 0 NOT NULL,
	"incentive_cents" integer DEFAULT 0 NOT NULL,
	"cash_cents" integer DEFAULT 0 NOT NULL,
	"card_cents" integer DEFAULT 0 NOT NULL,
	"other_cents" integer DEFAULT 0 NOT NULL,
	"incentive_market" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" integer REFERENCES "users"("id") ON DELETE set null
);
