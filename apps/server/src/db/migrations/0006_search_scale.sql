-- Search at national scale (issue 9, decision 120). The single hot row of migration 0004 goes: every
-- write used to update it. Search reads two denormalised tables instead, kept by row-level triggers
-- that touch only the rows of the product or producer written (no global row, no global lock).
DROP TRIGGER IF EXISTS "products_search_catalog_version" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "producers_search_catalog_version" ON "producers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_catalog_version" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "subscriptions_search_catalog_version" ON "subscriptions";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "bump_search_catalog_version"();
--> statement-breakpoint
DROP TABLE IF EXISTS "search_catalog_version";
--> statement-breakpoint
-- One row per producer: where it is, until when the public may see it (its account and subscription
-- standing as a timestamp, so a trial or period running out needs no write) and its listed counts.
-- changed_at feeds each instance's in-memory map (decision 121).
CREATE TABLE "search_producers" (
  "producer_id" integer PRIMARY KEY,
  "user_id" integer NOT NULL,
  "farm_name" text NOT NULL,
  "latitude" double precision,
  "longitude" double precision,
  "verified" boolean NOT NULL,
  "visible_until" timestamptz NOT NULL,
  "listed_count" integer NOT NULL DEFAULT 0,
  "counts" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "categories" text[] NOT NULL DEFAULT '{}'::text[],
  "changed_at" timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE INDEX "search_producers_changed_at_idx" ON "search_producers" ("changed_at");
--> statement-breakpoint
CREATE INDEX "search_producers_lat_lng_idx" ON "search_producers" ("latitude", "longitude");
--> statement-breakpoint
CREATE INDEX "search_producers_farm_name_trgm_idx" ON "search_producers" USING gin ("farm_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "search_producers_farm_name_prefix_idx" ON "search_producers" (lower("farm_name") text_pattern_ops);
--> statement-breakpoint
-- One row per listed product (active, not removed). `doc` holds the product's words, its farm's name
-- and filter tokens (zzc<category>, zza<availability>, zzg<grid cell>), so text, category and place
-- intersect inside one GIN index. name_doc / farm_doc rank the matches (decision 120).
CREATE TABLE "search_listings" (
  "product_id" integer PRIMARY KEY,
  "producer_id" integer NOT NULL,
  "category" text NOT NULL,
  "availability" text NOT NULL,
  "name" text NOT NULL,
  "name_doc" tsvector NOT NULL,
  "farm_doc" tsvector NOT NULL,
  "doc" tsvector NOT NULL,
  "latitude" double precision,
  "longitude" double precision,
  "visible_until" timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_listings_doc_idx" ON "search_listings" USING gin ("doc");
--> statement-breakpoint
CREATE INDEX "search_listings_producer_idx" ON "search_listings" ("producer_id");
--> statement-breakpoint
CREATE INDEX "search_listings_name_idx" ON "search_listings" ("name", "product_id");
--> statement-breakpoint
CREATE INDEX "search_listings_browse_idx" ON "search_listings" ("category", "availability", "product_id");
--> statement-breakpoint
CREATE INDEX "search_listings_category_idx" ON "search_listings" ("category", "product_id");
--> statement-breakpoint
-- Words of product and farm names: a typo is corrected against these (trigram), not against 1M rows.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Product names for type-ahead: one row per distinct name, however many farms sell it.
CREATE TABLE "search_names" ("name" text PRIMARY KEY, "lower_name" text NOT NULL);
--> statement-breakpoint
CREATE INDEX "search_names_trgm_idx" ON "search_names" USING gin ("lower_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "search_names_words_idx" ON "search_names" USING gin (to_tsvector('simple', "lower_name"));
--> statement-breakpoint
-- The grid cell (0.25 degree) of a point; geo.ts#gridCell is its twin.
CREATE FUNCTION "search_cell"(lat double precision, lng double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN lat IS NULL OR lng IS NULL THEN NULL
    ELSE floor((lat + 90) * 4)::integer * 2000 + floor((lng + 180) * 4)::integer END
$$;
--> statement-breakpoint
-- Until when the public may see a producer's listings: the SQL twin of producerInGoodStandingSql as a
-- timestamp ('-infinity' hidden, 'infinity' for good), so `visible_until > now()` is the whole rule.
CREATE FUNCTION "search_visible_until"(p_user_id integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT CASE
      WHEN u.status <> 'active' OR u.user_type <> 'producer' THEN '-infinity'::timestamptz
      WHEN s.status = 'trialing' THEN coalesce(s.trial_ends_at, 'infinity'::timestamptz)
      WHEN s.status = 'active' THEN CASE WHEN s.cancel_at_period_end AND s.current_period_end IS NOT NULL
        THEN s.current_period_end ELSE 'infinity'::timestamptz END
      ELSE '-infinity'::timestamptz END
    FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id WHERE u.id = p_user_id), '-infinity'::timestamptz)
$$;
--> statement-breakpoint
CREATE FUNCTION "search_tokens"(category text, availability text, cell integer) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_tsvector(ARRAY['zzc' || category, 'zza' || availability]
    || CASE WHEN cell IS NULL THEN '{}'::text[] ELSE ARRAY['zzg' || cell] END)
$$;
--> statement-breakpoint
CREATE FUNCTION "search_add_words"(words text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(words), '[^[:alnum:]]+') AS w WHERE length(w) >= 3
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- The producer's counts of listed products per category, availability and both (radius totals, map filter).
CREATE FUNCTION "search_refresh_counts"(p_producer_id integer) RETURNS void LANGUAGE sql AS $$
  UPDATE search_producers sp SET
    listed_count = (SELECT count(*) FROM search_listings l WHERE l.producer_id = p_producer_id),
    categories = coalesce((SELECT array_agg(DISTINCT l.category ORDER BY l.category) FROM search_listings l
      WHERE l.producer_id = p_producer_id), '{}'::text[]),
    counts = coalesce((SELECT jsonb_object_agg(k, n) FROM (
      SELECT k, count(*) AS n FROM search_listings l,
        LATERAL (VALUES ('c:' || l.category), ('a:' || l.availability), ('c:' || l.category || '|a:' || l.availability)) v(k)
      WHERE l.producer_id = p_producer_id GROUP BY k) t), '{}'::jsonb),
    changed_at = clock_timestamp()
  WHERE sp.producer_id = p_producer_id
$$;
--> statement-breakpoint
-- Rewrites one product's listing (or removes it when the product is gone, deleted or removed).
CREATE FUNCTION "search_refresh_listing"(p_product_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_listings WHERE product_id = p_product_id;
  INSERT INTO search_listings (product_id, producer_id, category, availability, name, name_doc, farm_doc, doc,
    latitude, longitude, visible_until)
  SELECT p.id, p.producer_id, p.category, p.availability, p.name,
    to_tsvector('english', p.name), to_tsvector('english', pr.farm_name),
    p.search_vector || to_tsvector('english', pr.farm_name)
      || search_tokens(p.category, p.availability, search_cell(pr.latitude, pr.longitude)),
    pr.latitude, pr.longitude, sp.visible_until
  FROM products p JOIN producers pr ON pr.id = p.producer_id JOIN search_producers sp ON sp.producer_id = pr.id
  WHERE p.id = p_product_id AND p.active AND p.moderation_status = 'approved';
  IF FOUND THEN
    INSERT INTO search_names (name, lower_name) SELECT name, lower(name) FROM products WHERE id = p_product_id
    ON CONFLICT DO NOTHING;
    PERFORM search_add_words(name) FROM products WHERE id = p_product_id;
  END IF;
END
$$;
--> statement-breakpoint
-- Rewrites one producer's row and, when asked, all its listings (farm name, place, standing changed).
CREATE FUNCTION "search_refresh_producer"(p_producer_id integer, p_with_listings boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  found_producer boolean;
BEGIN
  INSERT INTO search_producers (producer_id, user_id, farm_name, latitude, longitude, verified, visible_until, changed_at)
  SELECT pr.id, pr.user_id, pr.farm_name, pr.latitude, pr.longitude, pr.verification_status = 'approved',
    search_visible_until(pr.user_id), clock_timestamp()
  FROM producers pr WHERE pr.id = p_producer_id
  ON CONFLICT (producer_id) DO UPDATE SET user_id = excluded.user_id, farm_name = excluded.farm_name,
    latitude = excluded.latitude, longitude = excluded.longitude, verified = excluded.verified,
    visible_until = excluded.visible_until, changed_at = excluded.changed_at;
  found_producer := FOUND;
  IF NOT found_producer THEN
    DELETE FROM search_listings WHERE producer_id = p_producer_id;
    -- Left with changed_at and no standing, so every instance's map drops it; the row is tiny.
    UPDATE search_producers SET visible_until = '-infinity', listed_count = 0, counts = '{}', categories = '{}',
      changed_at = clock_timestamp() WHERE producer_id = p_producer_id;
    RETURN;
  END IF;
  PERFORM search_add_words(farm_name) FROM producers WHERE id = p_producer_id;
  IF p_with_listings THEN
    DELETE FROM search_listings WHERE producer_id = p_producer_id;
    INSERT INTO search_listings (product_id, producer_id, category, availability, name, name_doc, farm_doc, doc,
      latitude, longitude, visible_until)
    SELECT p.id, p.producer_id, p.category, p.availability, p.name,
      to_tsvector('english', p.name), to_tsvector('english', pr.farm_name),
      p.search_vector || to_tsvector('english', pr.farm_name)
        || search_tokens(p.category, p.availability, search_cell(pr.latitude, pr.longitude)),
      pr.latitude, pr.longitude, sp.visible_until
    FROM products p JOIN producers pr ON pr.id = p.producer_id JOIN search_producers sp ON sp.producer_id = pr.id
    WHERE p.producer_id = p_producer_id AND p.active AND p.moderation_status = 'approved';
    PERFORM search_refresh_counts(p_producer_id);
  END IF;
END
$$;
--> statement-breakpoint
-- Only a producer's standing changed (account status, subscription): one update per listing row.
CREATE FUNCTION "search_refresh_standing"(p_user_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  until timestamptz := search_visible_until(p_user_id);
BEGIN
  UPDATE search_producers SET visible_until = until, changed_at = clock_timestamp()
  WHERE user_id = p_user_id AND visible_until IS DISTINCT FROM until;
  IF FOUND THEN
    UPDATE search_listings l SET visible_until = until FROM search_producers sp
    WHERE sp.user_id = p_user_id AND l.producer_id = sp.producer_id;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "search_products_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM search_refresh_listing(OLD.id);
    IF TG_OP = 'DELETE' OR OLD.producer_id <> NEW.producer_id THEN
      PERFORM search_refresh_counts(OLD.producer_id);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR OLD.id <> NEW.id THEN
      PERFORM search_refresh_listing(NEW.id);
    END IF;
    PERFORM search_refresh_counts(NEW.producer_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "search_products_trigger"();
--> statement-breakpoint
CREATE FUNCTION "search_producers_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_refresh_producer(OLD.id, true);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_producer(NEW.id, true);
  ELSE
    PERFORM search_refresh_producer(NEW.id, OLD.farm_name IS DISTINCT FROM NEW.farm_name
      OR OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
      OR OLD.user_id IS DISTINCT FROM NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "producers_search" AFTER INSERT OR UPDATE OR DELETE ON "producers" FOR EACH ROW EXECUTE FUNCTION "search_producers_trigger"();
--> statement-breakpoint
CREATE FUNCTION "search_standing_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM search_refresh_standing(coalesce(NEW.id, OLD.id));
  ELSE
    PERFORM search_refresh_standing(coalesce(NEW.user_id, OLD.user_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search" AFTER UPDATE OF "status", "user_type" ON "users" FOR EACH ROW EXECUTE FUNCTION "search_standing_trigger"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_search" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "search_standing_trigger"();
--> statement-breakpoint
-- Rebuilds everything set-wise: used here for existing data and by the bench generator after a bulk load.
CREATE FUNCTION "search_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_listings, search_producers, search_names, search_words;
  INSERT INTO search_producers (producer_id, user_id, farm_name, latitude, longitude, verified, visible_until)
  SELECT pr.id, pr.user_id, pr.farm_name, pr.latitude, pr.longitude, pr.verification_status = 'approved',
    CASE
      WHEN u.status <> 'active' OR u.user_type <> 'producer' THEN '-infinity'::timestamptz
      WHEN s.status = 'trialing' THEN coalesce(s.trial_ends_at, 'infinity'::timestamptz)
      WHEN s.status = 'active' THEN CASE WHEN s.cancel_at_period_end AND s.current_period_end IS NOT NULL
        THEN s.current_period_end ELSE 'infinity'::timestamptz END
      ELSE '-infinity'::timestamptz END
  FROM producers pr JOIN users u ON u.id = pr.user_id LEFT JOIN subscriptions s ON s.user_id = u.id;
  INSERT INTO search_listings (product_id, producer_id, category, availability, name, name_doc, farm_doc, doc,
    latitude, longitude, visible_until)
  SELECT p.id, p.producer_id, p.category, p.availability, p.name,
    to_tsvector('english', p.name), to_tsvector('english', pr.farm_name),
    p.search_vector || to_tsvector('english', pr.farm_name)
      || search_tokens(p.category, p.availability, search_cell(pr.latitude, pr.longitude)),
    pr.latitude, pr.longitude, sp.visible_until
  FROM products p JOIN producers pr ON pr.id = p.producer_id JOIN search_producers sp ON sp.producer_id = pr.id
  WHERE p.active AND p.moderation_status = 'approved';
  UPDATE search_producers sp SET listed_count = c.listed_count, categories = c.categories, counts = k.counts
  FROM (SELECT producer_id, count(*)::integer AS listed_count, array_agg(DISTINCT category ORDER BY category) AS categories
      FROM search_listings GROUP BY 1) c,
    (SELECT producer_id, jsonb_object_agg(k, n) AS counts FROM (
      SELECT l.producer_id, v.k, count(*) AS n FROM search_listings l,
        LATERAL (VALUES ('c:' || l.category), ('a:' || l.availability), ('c:' || l.category || '|a:' || l.availability)) v(k)
      GROUP BY 1, 2) t GROUP BY 1) k
  WHERE sp.producer_id = c.producer_id AND k.producer_id = c.producer_id;
  INSERT INTO search_names (name, lower_name) SELECT DISTINCT name, lower(name) FROM search_listings ON CONFLICT DO NOTHING;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS w FROM search_names
    UNION ALL
    SELECT regexp_split_to_table(lower(farm_name), '[^[:alnum:]]+') FROM (SELECT DISTINCT farm_name FROM search_producers) f
  ) words WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
SELECT search_rebuild();
