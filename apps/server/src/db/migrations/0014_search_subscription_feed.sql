-- Decision 271: the producer list keeps each row in memory, fresh from the change feed (decision 121).
-- A row shows the subscription's effective status, which can change while `visible_until` does not
-- (trialing with no end -> active, a renewal with the same end): search_refresh_standing stamps
-- `changed_at` only when `visible_until` moves, so a subscription write that changes what the status
-- is computed from (status, trial end, cancel at period end, period end, owner) now stamps it too.
CREATE OR REPLACE FUNCTION "search_standing_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM search_refresh_standing(coalesce(NEW.id, OLD.id));
  ELSE
    PERFORM search_refresh_standing(coalesce(NEW.user_id, OLD.user_id));
    IF TG_OP <> 'UPDATE' OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.trial_ends_at IS DISTINCT FROM NEW.trial_ends_at
      OR OLD.cancel_at_period_end IS DISTINCT FROM NEW.cancel_at_period_end
      OR OLD.current_period_end IS DISTINCT FROM NEW.current_period_end THEN
      UPDATE search_producers SET changed_at = clock_timestamp()
      WHERE user_id = coalesce(NEW.user_id, OLD.user_id) OR user_id = coalesce(OLD.user_id, NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
