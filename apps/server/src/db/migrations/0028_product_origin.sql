-- Where a product was grown or raised, as its producer confirmed it (decision 516): WIC and Senior
-- FMNP coupons and an incentive such as Kentucky Double Dollars pay only for food grown in the state.
-- Null: grown or raised on the farm itself, in the farm's state (every product listed before this).
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "origin_state" text
	CONSTRAINT "products_origin_state_check" CHECK ("origin_state" IS NULL OR "origin_state" IN ('KY', 'IN', 'OH', 'TN', 'WV'));
