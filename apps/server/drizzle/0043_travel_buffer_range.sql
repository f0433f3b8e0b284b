-- Issue 40: the travel-buffer trigger (migrations 0029, 0034) found the professional's other jobs within 4 h
-- through bookings_no_overlap with professional_id alone as its index condition (its time bounds are on the
-- columns, not on the index's range expression), so every insert fetched and filtered each pending or
-- confirmed booking the professional has, a cost growing with their calendar (29 rows for one found in the
-- booking bench's scratch database). The same window written as the index's expression (tstzrange(...) &&,
-- exactly the two bounds below it, kept) narrows the scan to the jobs near the new one, as the pool read
-- does. Nothing else changes: same rule, same error (greatest(): an end before its start still reaches the
-- table's check constraint, bookings_schedule_check, instead of failing here as an invalid range).
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
      AND tstzrange(b.scheduled_start, b.scheduled_end) && tstzrange(NEW.scheduled_start - interval '240 minutes', greatest(NEW.scheduled_end, NEW.scheduled_start) + interval '240 minutes')
      AND b.scheduled_start < NEW.scheduled_end + interval '240 minutes'
      AND b.scheduled_end > NEW.scheduled_start - interval '240 minutes'
      AND extract(epoch FROM greatest(NEW.scheduled_start - b.scheduled_end, b.scheduled_start - NEW.scheduled_end))
        < 60 * "khedma_travel_minutes"(p_lat, p_lng, coalesce(b.address_lat, c.center_lat), coalesce(b.address_lng, c.center_lng))
    LIMIT 1;
  IF clash IS NULL THEN
    SELECT cl.id INTO clash FROM "claims" cl JOIN "bookings" b ON b.id = cl.booking_id JOIN "cities" c ON c.id = b.city_id
      WHERE cl.professional_id = NEW.professional_id AND cl.visit_start IS NOT NULL
        AND (cl.status <> 'resolved' OR cl.outcome = 'return_visit')
        AND cl.visit_start < NEW.scheduled_end + interval '240 minutes'
        AND cl.visit_end > NEW.scheduled_start - interval '240 minutes'
        AND extract(epoch FROM greatest(NEW.scheduled_start - cl.visit_end, cl.visit_start - NEW.scheduled_end))
          < 60 * "khedma_travel_minutes"(p_lat, p_lng, coalesce(b.address_lat, c.center_lat), coalesce(b.address_lng, c.center_lng))
      LIMIT 1;
  END IF;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'no time to travel between two jobs of one professional' USING ERRCODE = '23P01', HINT = 'TRAVEL_BUFFER';
  END IF;
  RETURN NEW;
END;
$$;
