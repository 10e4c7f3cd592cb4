-- The benefits a shopper says they use (decision 516), saved for themselves only: one row per user,
-- removed when the shopper asks to forget them or the account goes. No route shows it to a farm.
CREATE TABLE IF NOT EXISTS "shopper_benefits" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"uses" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_benefits_uses_check" CHECK ("uses" <@ ARRAY['snap', 'wic_fmnp', 'senior_fmnp']::text[])
);
