-- Issue 31, the pickup day (decision 500): each place has its own time zone, a booth and a minimum
-- order; orders keep the place's zone and booth; a product may have a limit per pickup day; a short
-- harvest keeps what was asked; the sweep closes a day's unhandled orders; reminders can be turned off.
ALTER TABLE "pickup_points" ADD COLUMN IF NOT EXISTS "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN IF NOT EXISTS "booth" text;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN IF NOT EXISTS "min_order" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "pickup_settings" ADD COLUMN IF NOT EXISTS "close_after_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_settings" ADD COLUMN IF NOT EXISTS "close_as" text DEFAULT 'picked_up' NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_settings" ADD COLUMN IF NOT EXISTS "morning_summary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "booth" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "ordered_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "short_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "day_limit" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "pickup_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Existing places and orders keep the platform's zone, in which their windows were made.
UPDATE "pickup_points" SET "time_zone" = coalesce((SELECT "value"->>'timezone' FROM "settings" WHERE "key" = 'general'), 'America/New_York');--> statement-breakpoint
UPDATE "orders" SET "time_zone" = coalesce((SELECT "value"->>'timezone' FROM "settings" WHERE "key" = 'general'), 'America/New_York');
