-- Allergens the producer confirmed absent although the ingredients seem to name them (decision 380),
-- and the law a product is made under (decision 381). Every existing product was made under its
-- state's home-food law, the only kind the label maker knew.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "allergens_confirmed_absent" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "seller_type" text DEFAULT 'home_processor' NOT NULL;
