-- Stand mode (issue 47, decisions 575 and 576): a walk-up sale is an order whose source is 'stand';
-- each order and line keeps its sales tax; checks and farm credit are tenders; each action a farm's
-- phone sends is kept once per farm and action id, with its first result.
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxable_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exempt_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("source" in ('online', 'stand'));--> statement-breakpoint
CREATE INDEX "orders_stand_day_idx" ON "orders" USING btree ("producer_user_id","window_date") WHERE "orders"."source" = 'stand';--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_class" text;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "check_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "farm_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "stand_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"producer_user_id" integer NOT NULL,
	"action_id" text NOT NULL,
	"kind" text NOT NULL,
	"device" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"result" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "stand_actions" ADD CONSTRAINT "stand_actions_producer_user_id_users_id_fk" FOREIGN KEY ("producer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_actions" ADD CONSTRAINT "stand_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stand_actions_farm_action_idx" ON "stand_actions" USING btree ("producer_user_id","action_id");--> statement-breakpoint
CREATE INDEX "stand_actions_order_idx" ON "stand_actions" USING btree ("order_id");
