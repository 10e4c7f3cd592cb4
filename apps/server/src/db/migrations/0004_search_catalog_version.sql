-- A counter bumped by every write that can change what product search shows (decision 071):
-- the search result cache keys on it, so a write anywhere (any instance, any module) is seen at once.
CREATE TABLE "search_catalog_version" ("id" boolean PRIMARY KEY DEFAULT true CHECK ("id"), "version" bigint NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO "search_catalog_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_search_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_catalog_version" SET "version" = "version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "producers_search_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "producers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "users_search_catalog_version" AFTER UPDATE OF "status", "user_type" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_search_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_catalog_version"();
