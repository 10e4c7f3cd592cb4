-- Books in and out (issue 50, decisions 585–586): a farm's own code for a product and a variant
-- (the catalogue's stable key beside the row ids), and each export of the farm's sales with the
-- orders it covered, so a re-export of the same days never lists a sale twice.
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sku" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_producer_sku_idx" ON "products" USING btree ("producer_id","sku") WHERE "products"."sku" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_sku_idx" ON "product_variants" USING btree ("product_id","sku") WHERE "product_variants"."sku" is not null;--> statement-breakpoint
CREATE TABLE "book_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"producer_user_id" integer NOT NULL,
	"format" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"point_id" integer,
	"order_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"content" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "book_exports" ADD CONSTRAINT "book_exports_producer_user_id_users_id_fk" FOREIGN KEY ("producer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_exports" ADD CONSTRAINT "book_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_exports_farm_idx" ON "book_exports" USING btree ("producer_user_id","format","created_at");--> statement-breakpoint
CREATE TABLE "book_export_orders" (
	"format" text NOT NULL,
	"order_id" integer NOT NULL,
	"export_id" integer NOT NULL,
	CONSTRAINT "book_export_orders_format_order_id_pk" PRIMARY KEY("format","order_id")
);--> statement-breakpoint
ALTER TABLE "book_export_orders" ADD CONSTRAINT "book_export_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_export_orders" ADD CONSTRAINT "book_export_orders_export_id_book_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."book_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_export_orders_export_idx" ON "book_export_orders" USING btree ("export_id");
