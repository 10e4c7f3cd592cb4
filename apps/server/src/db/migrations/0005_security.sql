-- sec-auth (issue 8): access tokens carry the user's token version; a password reset or change bumps it,
-- which ends every session issued before.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Reset/verification tokens per account and kind: retiring older links and counting mails sent per hour.
CREATE INDEX "auth_tokens_user_kind_idx" ON "auth_tokens" USING btree ("user_id","kind","created_at");
