-- A claim that outlives its process (status `sending`, claimed long ago) is handed over again by the mail-recovery sweep.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "claimed_at" timestamp with time zone;
