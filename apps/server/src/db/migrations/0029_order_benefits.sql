-- The benefits a shopper told the farm they plan to pay with, for one order (decision 516): shown to
-- that farm, the shopper and admins on the order only. Farmstand never takes or processes a benefit.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "planned_benefits" text[] DEFAULT '{}'::text[] NOT NULL
	CONSTRAINT "orders_planned_benefits_check" CHECK ("planned_benefits" <@ ARRAY['snap', 'wic_fmnp', 'senior_fmnp']::text[]);
