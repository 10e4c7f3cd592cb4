-- sec-auth (issue 8): access tokens carry the user's token version; a password reset or change bumps it,
-- which ends every session issued before.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Reset/verification tokens per account and kind: retiring older links and counting mails sent per hour.
CREATE INDEX "auth_tokens_user_kind_idx" ON "auth_tokens" USING btree ("user_id","kind","created_at");
--> statement-breakpoint
-- sec-input (issue 8 item 7): unread counts, recomputed live after every message, read only the unread
-- rows of a conversation instead of its whole history.
CREATE INDEX IF NOT EXISTS "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE "read_at" IS NULL;
