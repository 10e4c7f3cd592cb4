-- A calendar per pickup place (decision 542): its season (month-days, wrapping over the new year),
-- the dates it is closed, and its own cut-off and standing lead time (null: the farm's rules).
ALTER TABLE "pickup_points" ADD COLUMN "season_from" text;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "season_to" text;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "closed_dates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "cutoff_hours" integer;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "standing_lead_hours" integer;
