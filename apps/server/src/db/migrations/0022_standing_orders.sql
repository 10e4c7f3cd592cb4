-- Standing reservations (decision 514): the reservation repeated, what happened to windows without an
-- order, the order each window placed (unique per standing reservation and window), and the farm's
-- lead time and acceptance choice.
CREATE TABLE IF NOT EXISTS "standing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"producer_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"point_id" integer REFERENCES "pickup_points"("id") ON DELETE set null,
	"point_name" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"every_weeks" integer NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"items" jsonb NOT NULL,
	"shopper_name" text NOT NULL,
	"shopper_phone" text,
	"note" text,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_until" text,
	"away_from" text,
	"away_to" text,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "standing_orders_customer_idx" ON "standing_orders" ("customer_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "standing_orders_producer_idx" ON "standing_orders" ("producer_user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "standing_orders_status_idx" ON "standing_orders" ("status");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "standing_windows" (
	"standing_id" integer NOT NULL REFERENCES "standing_orders"("id") ON DELETE cascade,
	"window_start" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("standing_id", "window_start")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "standing_id" integer REFERENCES "standing_orders"("id") ON DELETE set null;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "orders_standing_window_idx" ON "orders" ("standing_id", "window_start");
--> statement-breakpoint
ALTER TABLE "pickup_settings" ADD COLUMN IF NOT EXISTS "standing_lead_hours" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "pickup_settings" ADD COLUMN IF NOT EXISTS "standing_accept" boolean DEFAULT false NOT NULL;
