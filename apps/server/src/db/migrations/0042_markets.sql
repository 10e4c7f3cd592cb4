-- Markets run on Farmstand (issue 48, decisions 581–583): a market with its managers and
-- volunteers, its vendors (farms, each with its own place there), the info booth's entries (each
-- applied once per market), the match each shopper received per market day across all vendors,
-- and each vendor's market day: attendance, sales, and what it redeemed per currency.
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"season_start" date NOT NULL,
	"season_end" date NOT NULL,
	"market_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"booth_snap" boolean DEFAULT true NOT NULL,
	"booth_credit" boolean DEFAULT true NOT NULL,
	"booth_wic" boolean DEFAULT false NOT NULL,
	"booth_senior" boolean DEFAULT false NOT NULL,
	"incentive_id" text,
	"match_cap_cents" integer,
	"snap_token_cents" integer DEFAULT 100 NOT NULL,
	"credit_token_cents" integer DEFAULT 500 NOT NULL,
	"fee_kind" text DEFAULT 'none' NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"fee_percent_bp" integer DEFAULT 0 NOT NULL,
	"fee_min_cents" integer,
	"fee_max_cents" integer,
	"share_contacts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "market_staff" (
	"market_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_staff_market_id_user_id_pk" PRIMARY KEY("market_id","user_id")
);--> statement-breakpoint
CREATE TABLE "market_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"producer_user_id" integer NOT NULL,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"point_id" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision_note" text
);--> statement-breakpoint
CREATE TABLE "booth_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"entry_id" text NOT NULL,
	"market_date" date NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"match_cents" integer DEFAULT 0 NOT NULL,
	"over_cap_cents" integer DEFAULT 0 NOT NULL,
	"shopper_key" text,
	"device" text NOT NULL,
	"recorded_by" integer,
	"happened_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);--> statement-breakpoint
CREATE TABLE "booth_match_totals" (
	"market_id" integer NOT NULL,
	"market_date" date NOT NULL,
	"shopper_key" text NOT NULL,
	"matched_cents" integer NOT NULL,
	CONSTRAINT "booth_match_totals_market_id_market_date_shopper_key_pk" PRIMARY KEY("market_id","market_date","shopper_key")
);--> statement-breakpoint
CREATE TABLE "vendor_days" (
	"market_id" integer NOT NULL,
	"market_date" date NOT NULL,
	"producer_user_id" integer NOT NULL,
	"attended" boolean DEFAULT true NOT NULL,
	"sales_cents" integer DEFAULT 0 NOT NULL,
	"reported_by" integer,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_days_market_id_market_date_producer_user_id_pk" PRIMARY KEY("market_id","market_date","producer_user_id")
);--> statement-breakpoint
CREATE TABLE "vendor_redemptions" (
	"market_id" integer NOT NULL,
	"market_date" date NOT NULL,
	"producer_user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"reported_cents" integer DEFAULT 0 NOT NULL,
	"counted_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_redemptions_market_id_market_date_producer_user_id_currency_pk" PRIMARY KEY("market_id","market_date","producer_user_id","currency")
);--> statement-breakpoint
ALTER TABLE "market_staff" ADD CONSTRAINT "market_staff_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_staff" ADD CONSTRAINT "market_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_staff" ADD CONSTRAINT "market_staff_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_vendors" ADD CONSTRAINT "market_vendors_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_vendors" ADD CONSTRAINT "market_vendors_producer_user_id_users_id_fk" FOREIGN KEY ("producer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_vendors" ADD CONSTRAINT "market_vendors_point_id_pickup_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."pickup_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_vendors" ADD CONSTRAINT "market_vendors_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_entries" ADD CONSTRAINT "booth_entries_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_entries" ADD CONSTRAINT "booth_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_match_totals" ADD CONSTRAINT "booth_match_totals_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_days" ADD CONSTRAINT "vendor_days_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_days" ADD CONSTRAINT "vendor_days_producer_user_id_users_id_fk" FOREIGN KEY ("producer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_days" ADD CONSTRAINT "vendor_days_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_redemptions" ADD CONSTRAINT "vendor_redemptions_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_redemptions" ADD CONSTRAINT "vendor_redemptions_producer_user_id_users_id_fk" FOREIGN KEY ("producer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "markets_slug_idx" ON "markets" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "markets_lat_lng_idx" ON "markets" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "market_staff_user_idx" ON "market_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_vendors_market_farm_idx" ON "market_vendors" USING btree ("market_id","producer_user_id");--> statement-breakpoint
CREATE INDEX "market_vendors_farm_idx" ON "market_vendors" USING btree ("producer_user_id");--> statement-breakpoint
CREATE INDEX "market_vendors_point_idx" ON "market_vendors" USING btree ("point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booth_entries_market_entry_idx" ON "booth_entries" USING btree ("market_id","entry_id");--> statement-breakpoint
CREATE INDEX "booth_entries_market_day_idx" ON "booth_entries" USING btree ("market_id","market_date");
