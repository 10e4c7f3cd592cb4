-- One basket at the market (issue 49, decision 584): a shopper's basket from several vendors of a
-- market, placed once for the market's pickup time, becomes one order per farm linked by a
-- market order (placed together or not at all). The market's ordering window and its basket fee;
-- each farm's arrival on the market's pickup day; the fee each part accrued when it was picked up.
ALTER TABLE "markets" ADD COLUMN "basket_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "basket_opens_days" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "basket_closes_hours" integer DEFAULT 36 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "basket_fee_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "basket_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "basket_fee_percent_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "market_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"client_key" text NOT NULL,
	"market_date" date NOT NULL,
	"pickup_start" timestamp with time zone NOT NULL,
	"pickup_end" timestamp with time zone NOT NULL,
	"shopper_name" text NOT NULL,
	"shopper_phone" text,
	"picked_up_at" timestamp with time zone,
	"picked_up_by" integer,
	"card_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_picked_up_by_users_id_fk" FOREIGN KEY ("picked_up_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_orders_customer_key_idx" ON "market_orders" USING btree ("customer_id","client_key");--> statement-breakpoint
CREATE INDEX "market_orders_market_day_idx" ON "market_orders" USING btree ("market_id","market_date");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_market_order_id_market_orders_id_fk" FOREIGN KEY ("market_order_id") REFERENCES "public"."market_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_market_order_idx" ON "orders" USING btree ("market_order_id") WHERE "orders"."market_order_id" is not null;--> statement-breakpoint
CREATE TABLE "market_checkins" (
	"market_id" integer NOT NULL,
	"market_date" date NOT NULL,
	"producer_user_id" integer NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"checked_by" integer,
	CONSTRAINT "market_checkins_market_id_market_date_producer_user_id_pk" PRIMARY KEY("market_id","market_date","producer_user_id")
);--> statement-breakpoint
ALTER TABLE "market_checkins" ADD CONSTRAINT "market_checkins_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_checkins" ADD CONSTRAINT "market_checkins_producer_user_id_users_id_fk" FOREIGN KEY ("producer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_checkins" ADD CONSTRAINT "market_checkins_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
