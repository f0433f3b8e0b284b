-- Search keys (issue 24, bench/README.md "Professional search"): one narrow row per listed professional
-- (active and approved) and per (city, category) they cover, plus the rows for "any city" (city_id
-- the nil uuid) and "any category" (category ''), carrying the sort keys of the search page (the rating
-- aggregate's average and count, the hourly rate, the first name). Every combination of the city,
-- category and minimum-rating filters is then exactly one row per matching professional, so:
--   - a count is an index-only scan of a btree range (no row of professionals or professional_ratings
--     visited, no join to the ratings per match);
--   - a page is one walk of the btree in its order (rating, reviews, price or name), 13 rows read.
-- The rows are kept by triggers, never written by the application: a professional listed, unlisted,
-- renamed, re-priced, or whose cities or categories change (professionals.city_ids / categories are
-- themselves kept by migration 0015's triggers), and the ratings aggregate updated by a review.
-- Filters on a service or a text keep the general query (bench: not on the slow path).
-- "Any" is a value, not NULL: `city_id IS NULL` is an index condition but not an equality to the
-- planner, which then sorts every row of the range instead of walking the index in its order.
CREATE TABLE "professional_search_keys" (
  "professional_id" uuid NOT NULL REFERENCES "professionals"("id") ON DELETE CASCADE,
  "city_id" uuid NOT NULL,
  "category" text NOT NULL,
  "average_rating" numeric(3, 2) NOT NULL,
  "total_reviews" integer NOT NULL,
  "hourly_rate" integer NOT NULL,
  "name" text NOT NULL,
  CONSTRAINT "professional_search_keys_pkey" PRIMARY KEY ("professional_id", "city_id", "category")
);--> statement-breakpoint
CREATE INDEX "professional_search_keys_rating_idx" ON "professional_search_keys" ("city_id", "category", "average_rating" DESC, "total_reviews" DESC, "professional_id");--> statement-breakpoint
CREATE INDEX "professional_search_keys_reviews_idx" ON "professional_search_keys" ("city_id", "category", "total_reviews" DESC, "average_rating" DESC, "professional_id");--> statement-breakpoint
CREATE INDEX "professional_search_keys_price_idx" ON "professional_search_keys" ("city_id", "category", "hourly_rate", "professional_id") INCLUDE ("average_rating");--> statement-breakpoint
CREATE INDEX "professional_search_keys_name_idx" ON "professional_search_keys" ("city_id", "category", "name", "professional_id") INCLUDE ("average_rating");--> statement-breakpoint

-- A professional's rows, rebuilt from their row and their ratings. The professional's row is locked
-- first (FOR NO KEY UPDATE: what an UPDATE of it takes, and no conflict with foreign keys), so two
-- transactions refreshing the same professional (a review and a profile edit) take turns and the
-- second reads what the first committed.
CREATE FUNCTION "professional_search_keys_refresh"(p_professional_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "professionals" WHERE "id" = p_professional_id FOR NO KEY UPDATE;
  DELETE FROM "professional_search_keys" WHERE "professional_id" = p_professional_id;
  INSERT INTO "professional_search_keys" ("professional_id", "city_id", "category", "average_rating", "total_reviews", "hourly_rate", "name")
  SELECT p."id", c."city_id", k."category", r."average_rating", r."total_reviews", p."hourly_rate", p."name"
  FROM "professionals" p
  JOIN "professional_ratings" r ON r."professional_id" = p."id"
  CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS "city_id" UNION SELECT unnest(p."city_ids")) c
  CROSS JOIN LATERAL (SELECT ''::text AS "category" UNION SELECT unnest(p."categories")) k
  WHERE p."id" = p_professional_id AND p."status" = 'active' AND p."approved_at" IS NOT NULL;
END;
$$;--> statement-breakpoint

CREATE FUNCTION "professionals_maintain_search_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "professional_search_keys_refresh"(NEW."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professionals_maintain_search_keys"
  AFTER INSERT OR UPDATE OF "status", "approved_at", "hourly_rate", "name", "city_ids", "categories" ON "professionals"
  FOR EACH ROW EXECUTE FUNCTION "professionals_maintain_search_keys"();--> statement-breakpoint

CREATE FUNCTION "professional_ratings_maintain_search_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."average_rating" = NEW."average_rating" AND OLD."total_reviews" = NEW."total_reviews" THEN
    RETURN NULL;
  END IF;
  PERFORM "professional_search_keys_refresh"(NEW."professional_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professional_ratings_maintain_search_keys"
  AFTER INSERT OR UPDATE ON "professional_ratings"
  FOR EACH ROW EXECUTE FUNCTION "professional_ratings_maintain_search_keys"();--> statement-breakpoint

-- Existing data.
INSERT INTO "professional_search_keys" ("professional_id", "city_id", "category", "average_rating", "total_reviews", "hourly_rate", "name")
SELECT p."id", c."city_id", k."category", r."average_rating", r."total_reviews", p."hourly_rate", p."name"
FROM "professionals" p
JOIN "professional_ratings" r ON r."professional_id" = p."id"
CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS "city_id" UNION SELECT unnest(p."city_ids")) c
CROSS JOIN LATERAL (SELECT ''::text AS "category" UNION SELECT unnest(p."categories")) k
WHERE p."status" = 'active' AND p."approved_at" IS NOT NULL;
