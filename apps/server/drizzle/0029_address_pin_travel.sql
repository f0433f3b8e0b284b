-- An address a professional can find, and travel-aware assignment (issue 42; docs/bookings.md "Address"
-- and "Travel"; packages/shared/src/domain/travel.ts).
--
-- 1. Cities get an area (centre and radius): a booking's pin must fall inside its city's. Cities are
--    data: the demo seed and the journeys' cities carry their areas; this sets those of existing rows.
ALTER TABLE "cities" ADD COLUMN "center_lat" double precision;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "center_lng" double precision;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "radius_km" double precision;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_area_check" CHECK (
  ("center_lat" IS NULL AND "center_lng" IS NULL AND "radius_km" IS NULL)
  OR ("center_lat" BETWEEN -90 AND 90 AND "center_lng" BETWEEN -180 AND 180 AND "radius_km" > 0)
);--> statement-breakpoint
UPDATE "cities" SET "center_lat" = a.lat, "center_lng" = a.lng, "radius_km" = a.r
FROM (VALUES
  ('casablanca', 33.5731, -7.5898, 25),
  ('rabat', 34.0209, -6.8416, 20),
  ('marrakech', 31.6295, -7.9811, 20),
  ('fes', 34.0331, -5.0003, 15),
  ('tanger', 35.7595, -5.8340, 20),
  ('agadir', 30.4278, -9.5981, 20),
  ('meknes', 33.8935, -5.5473, 15)
) AS a (slug, lat, lng, r)
WHERE "cities"."slug" = a.slug;--> statement-breakpoint

-- 2. The booking's address beside the street address (location): the pin, a landmark or directions,
--    floor and door. The pin is both coordinates or neither.
ALTER TABLE "bookings" ADD COLUMN "address_lat" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "address_lng" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "address_landmark" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "address_floor" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "address_door" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_address_pin_check" CHECK (
  ("address_lat" IS NULL AND "address_lng" IS NULL)
  OR ("address_lat" BETWEEN -90 AND 90 AND "address_lng" BETWEEN -180 AND 180)
);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_address_lengths_check" CHECK (
  ("address_landmark" IS NULL OR char_length("address_landmark") <= 200)
  AND ("address_floor" IS NULL OR char_length("address_floor") <= 20)
  AND ("address_door" IS NULL OR char_length("address_door") <= 20)
);--> statement-breakpoint

-- 3. A professional's base location and service radius, beside their cities and boroughs.
ALTER TABLE "professionals" ADD COLUMN "base_lat" double precision;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "base_lng" double precision;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "service_radius_km" integer;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_service_area_check" CHECK (
  ("base_lat" IS NULL AND "base_lng" IS NULL AND "service_radius_km" IS NULL)
  OR ("base_lat" BETWEEN -90 AND 90 AND "base_lng" BETWEEN -180 AND 180 AND "service_radius_km" BETWEEN 1 AND 100)
);--> statement-breakpoint

-- 4. Travel time between two places: domain/travel.ts travelMinutes (haversine at 20 km/h, rounded up to
--    5 minutes, at least 15, at most 240; an unknown place counts as next door). travel.sql.test.ts checks
--    that both give the same minutes.
CREATE OR REPLACE FUNCTION "khedma_travel_minutes"(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN lat1 IS NULL OR lng1 IS NULL OR lat2 IS NULL OR lng2 IS NULL THEN 15
    ELSE least(240, greatest(15, (ceil(
      2 * 6371.0088 * asin(least(1, sqrt(
        power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)
      ))) / 20 * 60 / 5 - 1e-9) * 5)::integer))
  END
$$;--> statement-breakpoint

-- 5. The buffers hold whatever the path and under races (two creates at once, a reschedule, a
--    reassignment): a pending or confirmed booking must leave the travel time with each other active
--    booking of its professional. A place is the pin, else the city's centre. The transaction-scoped
--    advisory lock per professional makes concurrent writes of one professional take turns, and each
--    statement of this function reads what the others committed (as migration 0014's trigger). The
--    refusal is SQLSTATE 23P01, the exclusion constraint's: the API already answers it as a taken slot
--    (and the creation retries the next candidate). An unchanged booking (an accept, a payment) is not
--    checked again.
CREATE OR REPLACE FUNCTION "bookings_travel_buffer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p_lat double precision;
  p_lng double precision;
  clash uuid;
BEGIN
  IF NEW.status NOT IN ('pending', 'confirmed') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IN ('pending', 'confirmed')
    AND NEW.professional_id = OLD.professional_id
    AND NEW.scheduled_start = OLD.scheduled_start AND NEW.scheduled_end = OLD.scheduled_end
    AND NEW.city_id = OLD.city_id
    AND NEW.address_lat IS NOT DISTINCT FROM OLD.address_lat AND NEW.address_lng IS NOT DISTINCT FROM OLD.address_lng THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('khedma.travel'), hashtext(NEW.professional_id::text));
  SELECT coalesce(NEW.address_lat, c.center_lat), coalesce(NEW.address_lng, c.center_lng) INTO p_lat, p_lng
    FROM "cities" c WHERE c.id = NEW.city_id;
  SELECT b.id INTO clash FROM "bookings" b JOIN "cities" c ON c.id = b.city_id
    WHERE b.professional_id = NEW.professional_id AND b.id <> NEW.id AND b.status IN ('pending', 'confirmed')
      AND b.scheduled_start < NEW.scheduled_end + interval '240 minutes'
      AND b.scheduled_end > NEW.scheduled_start - interval '240 minutes'
      AND extract(epoch FROM greatest(NEW.scheduled_start - b.scheduled_end, b.scheduled_start - NEW.scheduled_end))
        < 60 * "khedma_travel_minutes"(p_lat, p_lng, coalesce(b.address_lat, c.center_lat), coalesce(b.address_lng, c.center_lng))
    LIMIT 1;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'no time to travel between two bookings of one professional' USING ERRCODE = '23P01', HINT = 'TRAVEL_BUFFER';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_travel_buffer" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_travel_buffer" BEFORE INSERT OR UPDATE OF "status", "professional_id", "scheduled_start", "scheduled_end", "city_id", "address_lat", "address_lng"
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_travel_buffer"();
