-- Search can filter on the benefits a farm takes now (decision 516): the index and the map read
-- `producer_benefits` beside `search_producers` and learn of a change through the change feed
-- (decision 121), like every other write that changes what search shows. A farm saving what it
-- takes, or an admin verifying or rejecting its FNS number, stamps the farm's `changed_at`. What the
-- farm takes is decided by the benefits policy when the row is read, not here; a coupon that ends by
-- the clock needs no write (the index keeps the end dates and asks the policy about today).
CREATE OR REPLACE FUNCTION "search_benefits_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.producer_user_id = NEW.producer_user_id
    AND OLD.fns_number IS NOT DISTINCT FROM NEW.fns_number
    AND OLD.snap_status IS NOT DISTINCT FROM NEW.snap_status
    AND OLD.wic_fmnp_accepted IS NOT DISTINCT FROM NEW.wic_fmnp_accepted
    AND OLD.wic_fmnp_expires_on IS NOT DISTINCT FROM NEW.wic_fmnp_expires_on
    AND OLD.senior_fmnp_accepted IS NOT DISTINCT FROM NEW.senior_fmnp_accepted
    AND OLD.senior_fmnp_expires_on IS NOT DISTINCT FROM NEW.senior_fmnp_expires_on
    AND OLD.incentive_market IS NOT DISTINCT FROM NEW.incentive_market THEN
    -- Only the review's note, time or reviewer changed: search shows nothing of those.
    RETURN NULL;
  END IF;
  UPDATE search_producers SET changed_at = clock_timestamp()
  WHERE user_id = coalesce(NEW.producer_user_id, OLD.producer_user_id)
    OR user_id = coalesce(OLD.producer_user_id, NEW.producer_user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "producer_benefits_search" ON "producer_benefits";
--> statement-breakpoint
CREATE TRIGGER "producer_benefits_search" AFTER INSERT OR UPDATE OR DELETE ON "producer_benefits" FOR EACH ROW EXECUTE FUNCTION "search_benefits_trigger"();
