-- The benefit programmes an admin maintains (decision 516): a row per programme in a state
-- ('programme:wic_fmnp:KY') or per incentive ('incentive:ky_double_dollars'), holding what the admin
-- set, laid over the researched defaults in packages/shared/src/benefits/programmes.ts. No row: the
-- default applies. Validated by the API's schemas before it is written.
CREATE TABLE IF NOT EXISTS "benefit_programmes" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
-- Whether a farm gives an incentive depends on the incentive of its state: a change to an incentive
-- (its state, its matches, switched on or off) stamps the search rows of the farms of the states it
-- was and is in, so search's benefits filter follows (the change feed, decision 121).
CREATE OR REPLACE FUNCTION "benefit_programmes_search_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(NEW.key, OLD.key) NOT LIKE 'incentive:%' THEN
    RETURN NULL;
  END IF;
  UPDATE search_producers SET changed_at = clock_timestamp()
  WHERE user_id IN (
    SELECT user_id FROM producers
    WHERE state IN (NEW.data->>'state', OLD.data->>'state', NEW.data->>'originState', OLD.data->>'originState')
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "benefit_programmes_search" ON "benefit_programmes";
--> statement-breakpoint
CREATE TRIGGER "benefit_programmes_search" AFTER INSERT OR UPDATE OR DELETE ON "benefit_programmes" FOR EACH ROW EXECUTE FUNCTION "benefit_programmes_search_trigger"();
