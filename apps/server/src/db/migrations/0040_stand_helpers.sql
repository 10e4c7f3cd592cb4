-- Stand helpers (issue 47 item 1, decision 579): a farm's invited helpers run only its stand. Their
-- accounts are users of type 'stand_helper'; this keeps which farm each belongs to, and the
-- invitations (one-time links kept as hashes, expiring, revocable).
CREATE TABLE "stand_helpers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"farm_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "stand_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"farm_user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"helper_user_id" integer
);--> statement-breakpoint
ALTER TABLE "stand_helpers" ADD CONSTRAINT "stand_helpers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_helpers" ADD CONSTRAINT "stand_helpers_farm_user_id_users_id_fk" FOREIGN KEY ("farm_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_invitations" ADD CONSTRAINT "stand_invitations_farm_user_id_users_id_fk" FOREIGN KEY ("farm_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_invitations" ADD CONSTRAINT "stand_invitations_helper_user_id_users_id_fk" FOREIGN KEY ("helper_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stand_helpers_farm_idx" ON "stand_helpers" USING btree ("farm_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stand_invitations_token_idx" ON "stand_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stand_invitations_farm_idx" ON "stand_invitations" USING btree ("farm_user_id");
