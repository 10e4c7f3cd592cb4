-- orders (issue 13): pickup places, schedules and rules; orders with items, transitions and their thread.
CREATE TABLE "pickup_settings" (
	"producer_user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"cutoff_hours" integer DEFAULT 24 NOT NULL,
	"cap_per_window" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"producer_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"latitude" double precision,
	"longitude" double precision,
	"delivery_fee" numeric(10, 2),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pickup_points_producer_idx" ON "pickup_points" USING btree ("producer_user_id");
--> statement-breakpoint
CREATE TABLE "pickup_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"point_id" integer NOT NULL REFERENCES "pickup_points"("id") ON DELETE cascade,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pickup_schedules_point_idx" ON "pickup_schedules" USING btree ("point_id");
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"producer_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"status" text DEFAULT 'requested' NOT NULL,
	"point_id" integer REFERENCES "pickup_points"("id") ON DELETE set null,
	"point_kind" text NOT NULL,
	"point_name" text NOT NULL,
	"point_address" text,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"window_date" text NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"shopper_name" text NOT NULL,
	"shopper_phone" text,
	"delivery_address" text,
	"delivery_miles" double precision,
	"delivery_fee" numeric(10, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"note" text,
	"decline_reason" text,
	"conversation_id" integer REFERENCES "conversations"("id") ON DELETE set null,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_producer_window_idx" ON "orders" USING btree ("producer_user_id","window_start");
--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");
--> statement-breakpoint
CREATE INDEX "orders_point_window_idx" ON "orders" USING btree ("point_id","window_start");
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "orders_requested_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'requested';
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"product_id" integer REFERENCES "products"("id") ON DELETE set null,
	"product_name" text NOT NULL,
	"price_unit" text,
	"unit_price" numeric(10, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer REFERENCES "users"("id") ON DELETE set null,
	"actor_role" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"message_id" integer NOT NULL REFERENCES "messages"("id") ON DELETE cascade,
	CONSTRAINT "order_messages_order_id_message_id_pk" PRIMARY KEY("order_id","message_id")
);
