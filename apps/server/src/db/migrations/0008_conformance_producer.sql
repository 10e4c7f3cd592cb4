-- Certification documents (issue 10 item 8; decision 141): private files, kept in the database so they are
-- never under the public /uploads and follow the data to every instance and backup.
CREATE TABLE IF NOT EXISTS "certification_documents" (
	"certification_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certification_documents" ADD CONSTRAINT "certification_documents_certification_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;
