-- Issue 32, sold by weight (decisions 510, 511): a product may carry variants (a cut, a pack size, a
-- flavour), each with its own price, unit or pack weight range, stock and availability; a product or
-- variant may be priced per lb or oz with a pack weight range; an order line keeps the variant and
-- its range, and its packs' weights once weighed; an order keeps its estimate and who weighed it.
-- Meat and poultry listings name their inspection and establishment (decision 511).
CREATE TABLE IF NOT EXISTS "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"price" numeric(10, 2),
	"price_unit" text,
	"weight_unit" text,
	"pack_min" numeric(10, 3),
	"pack_max" numeric(10, 3),
	"stock_quantity" integer,
	"availability" text DEFAULT 'available' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_variants_product_idx" ON "product_variants" ("product_id", "position");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "weight_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "pack_min" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "pack_max" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "price_from" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "variant_names" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "inspection" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "establishment_number" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "variant_id" integer REFERENCES "product_variants"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "variant_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "weight_unit" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "pack_min" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "pack_max" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "weights" numeric(10, 3)[];--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "final_amount" numeric(10, 2);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_variant_idx" ON "order_items" ("variant_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "by_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "estimated_total" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "weighed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "weighed_by" integer REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
-- Search finds a product by its variants' names ("ribeye" finds "Grass-fed beef"): they join the
-- product's words with the description's weight; the listings are rebuilt once from the new column.
DROP INDEX IF EXISTS "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(name, '') || ' ' || coalesce(category, '') || ' ' || coalesce(description, '') || ' ' || coalesce(ingredients, '') || ' ' || coalesce(variant_names, ''))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
SELECT search_rebuild();
