-- A professional works in several cities (issue 24): professional_cities lists them, in the order the
-- professional gave them (position 0 is the first city; professionals.city_id keeps that first city
-- for the readers that show one city: cards, bookings from a professional's page, admin lists).
-- Boroughs stay in professional_boroughs: each borough belongs to one city, so a city's boroughs are
-- the rows whose borough lies in it.
--
-- Search (/search, the finder) filters on the cities and the categories a professional covers; both are
-- also kept on the professional's row as arrays (city_ids, categories), maintained by triggers from
-- professional_cities and professional_services, so that a filter and its count are one GIN index scan
-- instead of a semi-join per row (bench/pros.bench.ts). categories holds the categories of the ACTIVE
-- services offered (a service type deactivated or moved to another category updates it), so that
-- "offers an active service of this category" is exactly `categories @> array[category]`.
CREATE TABLE "professional_cities" (
  "professional_id" uuid NOT NULL REFERENCES "professionals"("id") ON DELETE CASCADE,
  "city_id" uuid NOT NULL REFERENCES "cities"("id"),
  "position" smallint DEFAULT 0 NOT NULL,
  CONSTRAINT "professional_cities_pkey" PRIMARY KEY ("professional_id", "city_id"),
  CONSTRAINT "professional_cities_position_check" CHECK ("position" >= 0)
);--> statement-breakpoint
-- Assignment: professionals working in a city.
CREATE INDEX "professional_cities_city_idx" ON "professional_cities" ("city_id", "professional_id");--> statement-breakpoint
-- Existing data: each professional's one city becomes their first city.
INSERT INTO "professional_cities" ("professional_id", "city_id", "position")
SELECT "id", "city_id", 0 FROM "professionals";--> statement-breakpoint
-- Boroughs outside the professional's city meant nothing before; keep only those of the city.
DELETE FROM "professional_boroughs" pb USING "boroughs" b, "professionals" p
WHERE b."id" = pb."borough_id" AND p."id" = pb."professional_id" AND b."city_id" <> p."city_id";--> statement-breakpoint

ALTER TABLE "professionals" ADD COLUMN "city_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "professionals" p SET
  "city_ids" = ARRAY(SELECT pc."city_id" FROM "professional_cities" pc WHERE pc."professional_id" = p."id" ORDER BY pc."position", pc."city_id"),
  "categories" = ARRAY(SELECT DISTINCT st."category" FROM "professional_services" ps JOIN "service_types" st ON st."id" = ps."service_type_id"
    WHERE ps."professional_id" = p."id" AND st."is_active" ORDER BY 1);--> statement-breakpoint
-- Only listed professionals (active and approved: what search shows) are indexed, so the indexes answer
-- the whole filter and a count reads no row that the index does not already qualify.
CREATE INDEX "professionals_city_ids_idx" ON "professionals" USING gin ("city_ids") WHERE "status" = 'active' AND "approved_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "professionals_categories_idx" ON "professionals" USING gin ("categories") WHERE "status" = 'active' AND "approved_at" IS NOT NULL;--> statement-breakpoint
-- The unfiltered count (and a walk of every listed professional) from a narrow index instead of the rows.
CREATE INDEX "professionals_listed_idx" ON "professionals" ("id") WHERE "status" = 'active' AND "approved_at" IS NOT NULL;--> statement-breakpoint
-- The finder's location order (first city's name, then name): one walk per city.
CREATE INDEX "professionals_listed_city_name_idx" ON "professionals" ("city_id", "name", "id") WHERE "status" = 'active' AND "approved_at" IS NOT NULL;--> statement-breakpoint

CREATE FUNCTION "professionals_refresh_city_ids"(p_professional_id uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "professionals" SET "city_ids" = ARRAY(
    SELECT pc."city_id" FROM "professional_cities" pc WHERE pc."professional_id" = p_professional_id ORDER BY pc."position", pc."city_id")
  WHERE "id" = p_professional_id;
$$;--> statement-breakpoint
CREATE FUNCTION "professional_cities_maintain"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "professionals_refresh_city_ids"(OLD."professional_id"); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "professionals_refresh_city_ids"(NEW."professional_id"); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professional_cities_maintain"
  AFTER INSERT OR UPDATE OR DELETE ON "professional_cities"
  FOR EACH ROW EXECUTE FUNCTION "professional_cities_maintain"();--> statement-breakpoint

CREATE FUNCTION "professionals_refresh_categories"(p_professional_id uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "professionals" SET "categories" = ARRAY(
    SELECT DISTINCT st."category" FROM "professional_services" ps JOIN "service_types" st ON st."id" = ps."service_type_id"
    WHERE ps."professional_id" = p_professional_id AND st."is_active" ORDER BY 1)
  WHERE "id" = p_professional_id;
$$;--> statement-breakpoint
CREATE FUNCTION "professional_services_maintain_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "professionals_refresh_categories"(OLD."professional_id"); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "professionals_refresh_categories"(NEW."professional_id"); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professional_services_maintain_categories"
  AFTER INSERT OR UPDATE OR DELETE ON "professional_services"
  FOR EACH ROW EXECUTE FUNCTION "professional_services_maintain_categories"();--> statement-breakpoint
-- A service type moved to another category, deactivated or reactivated (admin catalogue): its
-- professionals' arrays follow.
CREATE FUNCTION "service_types_maintain_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "professionals_refresh_categories"(ps."professional_id") FROM "professional_services" ps WHERE ps."service_type_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "service_types_maintain_categories"
  AFTER UPDATE OF "category", "is_active" ON "service_types"
  FOR EACH ROW WHEN (OLD."category" IS DISTINCT FROM NEW."category" OR OLD."is_active" IS DISTINCT FROM NEW."is_active") EXECUTE FUNCTION "service_types_maintain_categories"();--> statement-breakpoint

-- Every professional has their first city listed: a row written with (or moved to) a city_id gets it
-- (approval of an application, the demo seed, test factories), so no writer can leave the list empty.
CREATE FUNCTION "professionals_first_city"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "professional_cities" ("professional_id", "city_id", "position") VALUES (NEW."id", NEW."city_id", 0)
  ON CONFLICT ("professional_id", "city_id") DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professionals_first_city"
  AFTER INSERT OR UPDATE OF "city_id" ON "professionals"
  FOR EACH ROW EXECUTE FUNCTION "professionals_first_city"();
