-- The filtered totals of the search page (issue 40): how many listed professionals match a city (or
-- any), a category (or any) and a minimum rating, kept as counters instead of counted on each search
-- (an index-only range of the search keys that grows with the matches: about 20k entries for one city
-- at 100k professionals, 200k at 1M). One row per (city or any) x (category or any) x rating floor,
-- the search keys' own shape (migration 0018) plus the floor of the average rating to the half star
-- (the minimum-rating filter's steps: 0, 0.5, ..., 5; an average of a >= r exactly when its floor is
-- >= r, for every step r). A filtered count is then the sum of at most 11 rows.
CREATE TABLE "professional_search_counts" (
  "city_id" uuid NOT NULL,
  "category" text NOT NULL,
  "rating_floor" numeric(2, 1) NOT NULL,
  -- No CHECK ("n" >= 0): a decrement is written as INSERT ... ON CONFLICT DO UPDATE, whose proposed
  -- row (the negative delta) would fail a CHECK before the conflict is found. The tests compare every
  -- counter with a count of the keys.
  "n" integer NOT NULL,
  PRIMARY KEY ("city_id", "category", "rating_floor")
);--> statement-breakpoint

CREATE FUNCTION "search_rating_floor"(rating numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (floor(rating * 2) / 2)::numeric(2, 1)
$$;--> statement-breakpoint

-- Applies the difference between a professional's key rows before and after a change: only the
-- counters whose number changes are written (a review or a profile edit that keeps the professional in
-- the same cities, categories and half star writes none), in one statement, in key order: two
-- transactions take the counters' row locks in the same order, so they wait for each other and never
-- deadlock.
CREATE FUNCTION "professional_search_counts_apply"(before_keys "professional_search_keys"[], after_keys "professional_search_keys"[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "professional_search_counts" ("city_id", "category", "rating_floor", "n")
  SELECT d."city_id", d."category", d."rating_floor", sum(d."delta")::int
  FROM (
    SELECT b."city_id", b."category", "search_rating_floor"(b."average_rating") AS "rating_floor", -1 AS "delta" FROM unnest(before_keys) b
    UNION ALL
    SELECT a."city_id", a."category", "search_rating_floor"(a."average_rating"), 1 FROM unnest(after_keys) a
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."delta") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("city_id", "category", "rating_floor") DO UPDATE SET "n" = "professional_search_counts"."n" + EXCLUDED."n";
$$;--> statement-breakpoint

-- Migration 0018's refresh, now also keeping the counters (what it does to the keys is unchanged).
CREATE OR REPLACE FUNCTION "professional_search_keys_refresh"(p_professional_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  before_keys "professional_search_keys"[];
BEGIN
  PERFORM 1 FROM "professionals" WHERE "id" = p_professional_id FOR NO KEY UPDATE;
  before_keys := ARRAY(SELECT k FROM "professional_search_keys" k WHERE k."professional_id" = p_professional_id);
  DELETE FROM "professional_search_keys" WHERE "professional_id" = p_professional_id;
  INSERT INTO "professional_search_keys" ("professional_id", "city_id", "category", "average_rating", "total_reviews", "hourly_rate", "name")
  SELECT p."id", c."city_id", k."category", r."average_rating", r."total_reviews", p."hourly_rate", p."name"
  FROM "professionals" p
  JOIN "professional_ratings" r ON r."professional_id" = p."id"
  CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS "city_id" UNION SELECT unnest(p."city_ids")) c
  CROSS JOIN LATERAL (SELECT ''::text AS "category" UNION SELECT unnest(p."categories")) k
  WHERE p."id" = p_professional_id AND p."status" = 'active' AND p."approved_at" IS NOT NULL;
  PERFORM "professional_search_counts_apply"(before_keys,
    ARRAY(SELECT k FROM "professional_search_keys" k WHERE k."professional_id" = p_professional_id));
END;
$$;--> statement-breakpoint

-- A professional deleted (alone or with their account): their keys go by the foreign key's cascade,
-- which runs no refresh; their counters are taken off first, while the keys are still there.
CREATE FUNCTION "professionals_search_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "professional_search_counts_apply"(
    ARRAY(SELECT k FROM "professional_search_keys" k WHERE k."professional_id" = OLD."id"), '{}'::"professional_search_keys"[]);
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professionals_search_counts_on_delete"
  BEFORE DELETE ON "professionals"
  FOR EACH ROW EXECUTE FUNCTION "professionals_search_counts_on_delete"();--> statement-breakpoint

-- The keys emptied at once (TRUNCATE, also by a cascade from professionals): so are the counters.
CREATE FUNCTION "professional_search_keys_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "professional_search_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professional_search_keys_truncated"
  AFTER TRUNCATE ON "professional_search_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "professional_search_keys_truncated"();--> statement-breakpoint

-- Existing data.
INSERT INTO "professional_search_counts" ("city_id", "category", "rating_floor", "n")
SELECT "city_id", "category", "search_rating_floor"("average_rating"), count(*)::int
FROM "professional_search_keys"
GROUP BY 1, 2, 3;
