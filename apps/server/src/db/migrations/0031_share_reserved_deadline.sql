-- The cut sheet deadline a share was reserved under (decision 520): the farm may move its terms, but
-- never a reserved share's deadline earlier than this, nor into the past. Shares reserved before keep
-- their current deadline as the one they reserved under.
ALTER TABLE "share_reservations" ADD COLUMN IF NOT EXISTS "reserved_cut_sheet_due" date;
--> statement-breakpoint
UPDATE "share_reservations" SET "reserved_cut_sheet_due" = ("terms"->>'cut_sheet_due')::date WHERE "reserved_cut_sheet_due" IS NULL;
--> statement-breakpoint
ALTER TABLE "share_reservations" ALTER COLUMN "reserved_cut_sheet_due" SET NOT NULL;
