-- Issue 33 part 4, "ordering is open" notices (decision 513): who turned a farm's notices off. Once a
-- day per farm is kept by job_notices (kind 'farm-notice', the farm's local date).
CREATE TABLE IF NOT EXISTS "farm_notice_optouts" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"producer_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "producer_user_id")
);
