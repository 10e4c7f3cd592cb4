-- ops (issue 12): e-mail goes through the job queue with retries and a dead-letter state, and has an HTML part.
ALTER TABLE "email_outbox" ADD COLUMN "html" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reason" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "last_error" text;
--> statement-breakpoint
UPDATE "email_outbox" SET "status" = CASE WHEN "sent_at" IS NULL THEN 'logged' ELSE 'sent' END;
--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at");
--> statement-breakpoint
-- The last run of every scheduled job, for the admin Health tab.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"last_summary" jsonb,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row per reminder or digest sent: the primary key makes each notice go out once, whichever instance runs the job.
CREATE TABLE "job_notices" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"milestone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_notices_pk" PRIMARY KEY("kind","subject_id","milestone")
);
--> statement-breakpoint
-- Uncaught errors reported by browsers, shown in the admin Logs tab.
CREATE TABLE "client_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"url" text,
	"user_agent" text,
	"user_id" integer,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_errors_created_idx" ON "client_errors" USING btree ("created_at");
