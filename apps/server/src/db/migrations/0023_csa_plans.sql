-- CSA share plans (decision 515): the plans, each week's box, and memberships as standing reservations.
CREATE TABLE IF NOT EXISTS "csa_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"producer_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"description" text,
	"sizes" jsonb NOT NULL,
	"season_start" text NOT NULL,
	"season_end" text NOT NULL,
	"skip_dates" jsonb NOT NULL,
	"places" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "csa_plans_producer_idx" ON "csa_plans" ("producer_user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "csa_boxes" (
	"plan_id" integer NOT NULL REFERENCES "csa_plans"("id") ON DELETE cascade,
	"week_of" text NOT NULL,
	"items" jsonb NOT NULL,
	"note" text,
	"photo_url" text,
	"posted_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("plan_id", "week_of")
);
--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN IF NOT EXISTS "plan_id" integer REFERENCES "csa_plans"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN IF NOT EXISTS "plan_size" integer;
--> statement-breakpoint
ALTER TABLE "standing_orders" ADD COLUMN IF NOT EXISTS "dislikes" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "standing_orders_plan_idx" ON "standing_orders" ("plan_id");
