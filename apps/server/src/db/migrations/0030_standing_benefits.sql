-- The benefits a shopper plans to pay a standing reservation's orders with (decision 516): each
-- week's order carries those the farm takes on its pickup day.
ALTER TABLE "standing_orders" ADD COLUMN IF NOT EXISTS "planned_benefits" text[] DEFAULT '{}'::text[] NOT NULL
	CONSTRAINT "standing_orders_planned_benefits_check" CHECK ("planned_benefits" <@ ARRAY['snap', 'wic_fmnp', 'senior_fmnp']::text[]);
