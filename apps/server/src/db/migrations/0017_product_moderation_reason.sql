-- Decision 410: a product an admin removes keeps the reason given, shown to its producer while it stays removed.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "moderation_reason" text;
