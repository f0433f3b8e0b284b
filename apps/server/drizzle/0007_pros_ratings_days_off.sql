-- Professionals finder and search (issue 24).
--
-- 1. professional_ratings becomes a table kept up to date by triggers on reviews: search, cards and
--    profile pages read one row per professional instead of scanning every review (the view of 0002
--    aggregated all reviews on each read). A row exists for every professional (inserted with it).
--    average_rating is derived from the stored sum and count, so it cannot drift from them.
DROP VIEW "professional_ratings";--> statement-breakpoint
CREATE TABLE "professional_ratings" (
  "professional_id" uuid PRIMARY KEY NOT NULL REFERENCES "professionals"("id") ON DELETE CASCADE,
  "rating_sum" integer DEFAULT 0 NOT NULL,
  "total_reviews" integer DEFAULT 0 NOT NULL,
  "five_star_count" integer DEFAULT 0 NOT NULL,
  "four_star_count" integer DEFAULT 0 NOT NULL,
  "three_star_count" integer DEFAULT 0 NOT NULL,
  "two_star_count" integer DEFAULT 0 NOT NULL,
  "one_star_count" integer DEFAULT 0 NOT NULL,
  "average_rating" numeric(3, 2) GENERATED ALWAYS AS (
    CASE WHEN "total_reviews" = 0 THEN 0 ELSE round("rating_sum"::numeric / "total_reviews", 2) END
  ) STORED NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "professional_ratings_counts_check" CHECK (
    "total_reviews" >= 0 AND "rating_sum" >= 0
    AND "total_reviews" = "five_star_count" + "four_star_count" + "three_star_count" + "two_star_count" + "one_star_count"
  )
);--> statement-breakpoint
INSERT INTO "professional_ratings" ("professional_id", "rating_sum", "total_reviews", "five_star_count", "four_star_count", "three_star_count", "two_star_count", "one_star_count")
SELECT p."id",
  COALESCE(SUM(r."rating"), 0)::integer,
  COUNT(r."id")::integer,
  (COUNT(*) FILTER (WHERE r."rating" = 5))::integer,
  (COUNT(*) FILTER (WHERE r."rating" = 4))::integer,
  (COUNT(*) FILTER (WHERE r."rating" = 3))::integer,
  (COUNT(*) FILTER (WHERE r."rating" = 2))::integer,
  (COUNT(*) FILTER (WHERE r."rating" = 1))::integer
FROM "professionals" p
LEFT JOIN "reviews" r ON r."professional_id" = p."id"
GROUP BY p."id";--> statement-breakpoint

-- Adds (sign 1) or removes (sign -1) one review of `stars` to a professional's row, as deltas:
-- concurrent reviews of one professional queue on the row lock and none is lost. An UPDATE first:
-- INSERT ... ON CONFLICT would check the counts constraint on a negative proposed row.
CREATE FUNCTION "professional_ratings_apply"(p_professional_id uuid, p_stars smallint, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "professional_ratings" SET
    "rating_sum" = "rating_sum" + p_sign * p_stars,
    "total_reviews" = "total_reviews" + p_sign,
    "five_star_count" = "five_star_count" + CASE WHEN p_stars = 5 THEN p_sign ELSE 0 END,
    "four_star_count" = "four_star_count" + CASE WHEN p_stars = 4 THEN p_sign ELSE 0 END,
    "three_star_count" = "three_star_count" + CASE WHEN p_stars = 3 THEN p_sign ELSE 0 END,
    "two_star_count" = "two_star_count" + CASE WHEN p_stars = 2 THEN p_sign ELSE 0 END,
    "one_star_count" = "one_star_count" + CASE WHEN p_stars = 1 THEN p_sign ELSE 0 END,
    "updated_at" = now()
  WHERE "professional_id" = p_professional_id;
  IF NOT FOUND AND p_sign > 0 THEN
    -- Only when the professional's row is missing (it is created with the professional).
    INSERT INTO "professional_ratings" ("professional_id") VALUES (p_professional_id) ON CONFLICT DO NOTHING;
    PERFORM "professional_ratings_apply"(p_professional_id, p_stars, p_sign);
  END IF;
END;
$$;--> statement-breakpoint

CREATE FUNCTION "reviews_maintain_ratings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- The professional may be gone already (cascade): nothing to keep up to date then.
    IF EXISTS (SELECT 1 FROM "professionals" WHERE "id" = OLD."professional_id") THEN
      PERFORM "professional_ratings_apply"(OLD."professional_id", OLD."rating", -1);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "professional_ratings_apply"(NEW."professional_id", NEW."rating", 1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_maintain_ratings_insert_delete"
  AFTER INSERT OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_maintain_ratings"();--> statement-breakpoint
CREATE TRIGGER "reviews_maintain_ratings_update"
  AFTER UPDATE OF "rating", "professional_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_maintain_ratings"();--> statement-breakpoint

-- Every professional has its (zero) row from the start, so readers join without a fallback.
CREATE FUNCTION "professionals_create_rating_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "professional_ratings" ("professional_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professionals_create_rating_row"
  AFTER INSERT ON "professionals"
  FOR EACH ROW EXECUTE FUNCTION "professionals_create_rating_row"();--> statement-breakpoint

-- Search page sorts: best rated (then most reviewed), most reviewed; min-rating filter on the same key.
CREATE INDEX "professional_ratings_rating_idx" ON "professional_ratings" ("average_rating" DESC, "total_reviews" DESC, "professional_id");--> statement-breakpoint
CREATE INDEX "professional_ratings_reviews_idx" ON "professional_ratings" ("total_reviews" DESC, "average_rating" DESC, "professional_id");--> statement-breakpoint
-- Search page sort by price (the real hourly rate), alone and within a city.
CREATE INDEX "professionals_hourly_rate_idx" ON "professionals" ("hourly_rate", "id");--> statement-breakpoint
CREATE INDEX "professionals_city_hourly_rate_idx" ON "professionals" ("city_id", "hourly_rate", "id");--> statement-breakpoint

-- 2. Days off: date ranges (Casablanca calendar days, both ends included) when a professional takes
--    no work. The profile page's slots and the booking assignment skip them.
CREATE TABLE "professional_days_off" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "professional_id" uuid NOT NULL REFERENCES "professionals"("id") ON DELETE CASCADE,
  "starts_on" date NOT NULL,
  "ends_on" date NOT NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "professional_days_off_range_check" CHECK ("ends_on" >= "starts_on")
);--> statement-breakpoint
CREATE INDEX "professional_days_off_professional_idx" ON "professional_days_off" ("professional_id", "ends_on");
