-- What drizzle-kit cannot express: the bookings exclusion constraint, the ledger balance trigger,
-- the professional_ratings view and the calculate_service_price function.

-- One professional cannot hold two overlapping pending/confirmed bookings ([start, end) ranges, so
-- back-to-back bookings are fine). Needs btree_gist for "professional_id WITH =".
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tstzrange("scheduled_start", "scheduled_end") WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));--> statement-breakpoint

-- Double-entry ledger: at commit, the rows of every transaction_id touched must sum to zero.
CREATE FUNCTION "ledger_entries_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT COALESCE(SUM("amount"), 0) INTO total FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (sum %)', NEW."transaction_id", total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced"
  AFTER INSERT OR UPDATE ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_check_balanced"();--> statement-breakpoint

-- Ratings from real reviews; 0 / 0 when a professional has none ("No reviews yet").
CREATE VIEW "professional_ratings" AS
SELECT
  p."id" AS "professional_id",
  p."name",
  p."full_name",
  COALESCE(ROUND(AVG(r."rating"), 2), 0)::numeric(3, 2) AS "average_rating",
  COUNT(r."id")::integer AS "total_reviews",
  (COUNT(*) FILTER (WHERE r."rating" = 5))::integer AS "five_star_count",
  (COUNT(*) FILTER (WHERE r."rating" = 4))::integer AS "four_star_count",
  (COUNT(*) FILTER (WHERE r."rating" = 3))::integer AS "three_star_count",
  (COUNT(*) FILTER (WHERE r."rating" = 2))::integer AS "two_star_count",
  (COUNT(*) FILTER (WHERE r."rating" = 1))::integer AS "one_star_count"
FROM "professionals" p
LEFT JOIN "reviews" r ON r."professional_id" = p."id"
GROUP BY p."id", p."name", p."full_name";--> statement-breakpoint

-- Price of a service in a region (SPEC §7): the active region price when one is set, else the base
-- price times the city's price factor (rounded), else the base price; 0 for an unknown service.
-- p_region is a city slug or name (any case) or ''; when it is empty the borough's city is used.
CREATE FUNCTION "calculate_service_price"(p_service_type_id uuid, p_region text, p_borough_id uuid DEFAULT NULL)
RETURNS integer LANGUAGE sql STABLE AS $$
  WITH city AS (
    SELECT c."id", c."price_factor"
    FROM "cities" c
    WHERE c."is_active"
      AND (
        (COALESCE(p_region, '') <> '' AND (lower(c."slug") = lower(btrim(p_region)) OR lower(c."name") = lower(btrim(p_region))))
        OR (COALESCE(p_region, '') = '' AND c."id" = (SELECT b."city_id" FROM "boroughs" b WHERE b."id" = p_borough_id))
      )
    LIMIT 1
  )
  SELECT COALESCE(
    (SELECT rp."price"
       FROM "service_type_prices_by_region" rp JOIN city ON city."id" = rp."city_id"
      WHERE rp."service_type_id" = p_service_type_id AND rp."is_active"),
    (SELECT ROUND(st."base_price" * COALESCE((SELECT city."price_factor" FROM city), 1))::integer
       FROM "service_types" st
      WHERE st."id" = p_service_type_id),
    0
  );
$$;
