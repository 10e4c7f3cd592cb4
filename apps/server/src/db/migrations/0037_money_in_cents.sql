-- Every amount of money is whole cents in an integer column named *_cents (decision 558), as the
-- tenders and benefit rules already were. Each numeric(10,2) dollar column is converted in place:
-- its values had at most two decimals, so `round(x * 100)` is exact; nulls stay null.
ALTER TABLE "pickup_points" ALTER COLUMN "delivery_fee" TYPE integer USING round("delivery_fee" * 100)::integer;--> statement-breakpoint
ALTER TABLE "pickup_points" RENAME COLUMN "delivery_fee" TO "delivery_fee_cents";--> statement-breakpoint
ALTER TABLE "pickup_points" ALTER COLUMN "min_order" TYPE integer USING round("min_order" * 100)::integer;--> statement-breakpoint
ALTER TABLE "pickup_points" RENAME COLUMN "min_order" TO "min_order_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_fee" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_fee" TYPE integer USING round("delivery_fee" * 100)::integer,
	ALTER COLUMN "subtotal" TYPE integer USING round("subtotal" * 100)::integer,
	ALTER COLUMN "total" TYPE integer USING round("total" * 100)::integer,
	ALTER COLUMN "estimated_total" TYPE integer USING round("estimated_total" * 100)::integer;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_fee" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "delivery_fee" TO "delivery_fee_cents";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "subtotal" TO "subtotal_cents";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "total" TO "total_cents";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "estimated_total" TO "estimated_total_cents";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "unit_price" TYPE integer USING round("unit_price" * 100)::integer,
	ALTER COLUMN "final_amount" TYPE integer USING round("final_amount" * 100)::integer;--> statement-breakpoint
ALTER TABLE "order_items" RENAME COLUMN "unit_price" TO "unit_price_cents";--> statement-breakpoint
ALTER TABLE "order_items" RENAME COLUMN "final_amount" TO "final_amount_cents";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price" TYPE integer USING round("price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "price" TO "price_cents";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "price" TYPE integer USING round("price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "product_variants" RENAME COLUMN "price" TO "price_cents";--> statement-breakpoint
ALTER TABLE "share_reservations" ALTER COLUMN "price_per_lb" TYPE integer USING round("price_per_lb" * 100)::integer,
	ALTER COLUMN "fee_estimate" TYPE integer USING round("fee_estimate" * 100)::integer,
	ALTER COLUMN "deposit_requested" TYPE integer USING round("deposit_requested" * 100)::integer,
	ALTER COLUMN "deposit_received" TYPE integer USING round("deposit_received" * 100)::integer,
	ALTER COLUMN "processing_fees" TYPE integer USING round("processing_fees" * 100)::integer;--> statement-breakpoint
ALTER TABLE "share_reservations" RENAME COLUMN "price_per_lb" TO "price_per_lb_cents";--> statement-breakpoint
ALTER TABLE "share_reservations" RENAME COLUMN "fee_estimate" TO "fee_estimate_cents";--> statement-breakpoint
ALTER TABLE "share_reservations" RENAME COLUMN "deposit_requested" TO "deposit_requested_cents";--> statement-breakpoint
ALTER TABLE "share_reservations" RENAME COLUMN "deposit_received" TO "deposit_received_cents";--> statement-breakpoint
ALTER TABLE "share_reservations" RENAME COLUMN "processing_fees" TO "processing_fees_cents";
