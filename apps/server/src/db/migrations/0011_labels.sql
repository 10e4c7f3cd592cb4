-- Label maker (issue 14): the fields a printed label needs that a product lacked.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "net_quantity" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "net_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "ingredient_list" text[] DEFAULT '{}'::text[] NOT NULL;
