-- A product's limit per pickup day at one place (decision 543), in place of its own day limit there.
CREATE TABLE "product_place_limits" (
	"product_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"day_limit" integer NOT NULL,
	CONSTRAINT "product_place_limits_product_id_point_id_pk" PRIMARY KEY("product_id","point_id"),
	CONSTRAINT "product_place_limits_positive" CHECK ("product_place_limits"."day_limit" >= 0)
);--> statement-breakpoint
ALTER TABLE "product_place_limits" ADD CONSTRAINT "product_place_limits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_place_limits" ADD CONSTRAINT "product_place_limits_point_id_pickup_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."pickup_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_place_limits_point_idx" ON "product_place_limits" USING btree ("point_id");
