-- Decision 390: failed sign-ins are counted per account and client address (the lockout a stranger can cause
-- stops at their own address); the account as a whole locks only at a much higher count.
ALTER TABLE "login_failures" ADD COLUMN IF NOT EXISTS "ip" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_failures_email_ip_idx" ON "login_failures" USING btree ("email","ip","created_at");
