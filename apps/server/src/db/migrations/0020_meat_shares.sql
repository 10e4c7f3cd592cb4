-- Issue 32 part 4, meat shares (decision 512): a share product keeps its terms on the product
-- (animal, fraction, animals available, processor and date, cut sheet template and deadline,
-- expected hanging weight, fees and deposit); each shopper's shares are a reservation of their own.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "share" jsonb;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "share_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer REFERENCES "products"("id") ON DELETE set null,
	"product_name" text NOT NULL,
	"customer_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"producer_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"shopper_name" text NOT NULL,
	"shopper_phone" text,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"terms" jsonb NOT NULL,
	"price_per_lb" numeric(10, 2) NOT NULL,
	"hanging_estimate" numeric(10, 3) NOT NULL,
	"fee_estimate" numeric(10, 2) NOT NULL,
	"deposit_requested" numeric(10, 2),
	"deposit_received" numeric(10, 2),
	"deposit_received_at" timestamp with time zone,
	"cut_sheet" jsonb,
	"cut_sheet_at" timestamp with time zone,
	"hanging_weight" numeric(10, 3),
	"processing_fees" numeric(10, 2),
	"billed_at" timestamp with time zone,
	"billed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"ready_note" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "share_reservations_product_idx" ON "share_reservations" ("product_id", "status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "share_reservations_customer_idx" ON "share_reservations" ("customer_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "share_reservations_producer_idx" ON "share_reservations" ("producer_user_id", "created_at");
