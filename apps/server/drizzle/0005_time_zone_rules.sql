-- Issue 20: Morocco's clocks as IANA 2026d and later have them (UTC+0 since 2026-09-20 01:00 UTC, no
-- Ramadan switch after). Bookings were stored by code that read Node 20.20's own rules (IANA 2025c),
-- which kept Casablanca at UTC+1 after that date, except for predicted Ramadan periods at UTC+0. A
-- booking agreed for "10:00" on 2026-11-30 was therefore stored as 09:00 UTC; it is 10:00 UTC by the
-- clocks Moroccans use. What the customer and the professional agreed is the local date and time they
-- booked, so every instant the old rules put at UTC+1 on or after 2026-09-20 moves one hour later and
-- reads the same wall-clock time with the new rules; the rest is already right:
--   - instants before 2026-09-20 01:00 UTC: both releases agree;
--   - instants in 2025c's predicted Ramadan periods (UTC+0 there too): both releases agree.
-- (An old-rules instant at or after 2026-09-20 01:00 UTC read 02:00 or later on 2026-09-20 on the old
-- clock, and from 02:00 that day the new clock is UTC+0, so the one-hour move is exact there too.)
-- PostgreSQL's own zone data is not used: it differs between servers (PostgreSQL 15's system tzdata,
-- PGlite's built-in copy), and this must give the same result on both.
--
-- Idempotent: the file can run again (IF NOT EXISTS, OR REPLACE), and the move happens only in the
-- statement that records it in time_zone_rule_changes, so a second run moves nothing. Bookings are created no
-- more than 30 days ahead, so the old periods listed below (2025c, through 2035) cover any booking the
-- old code can have stored.
CREATE TABLE IF NOT EXISTS "time_zone_rule_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"data_version" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pg_temp"."khedma_2025c_casablanca_was_utc1"(t timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT t >= timestamptz '2026-09-20 01:00:00+00' AND NOT EXISTS (
    SELECT 1 FROM (VALUES
      (timestamptz '2027-02-07 02:00:00+00', timestamptz '2027-03-14 02:00:00+00'),
      ('2028-01-23 02:00:00+00', '2028-03-05 02:00:00+00'),
      ('2029-01-14 02:00:00+00', '2029-02-18 02:00:00+00'),
      ('2029-12-30 02:00:00+00', '2030-02-10 02:00:00+00'),
      ('2030-12-22 02:00:00+00', '2031-01-26 02:00:00+00'),
      ('2031-12-14 02:00:00+00', '2032-01-18 02:00:00+00'),
      ('2032-11-28 02:00:00+00', '2033-01-09 02:00:00+00'),
      ('2033-11-20 02:00:00+00', '2033-12-25 02:00:00+00'),
      ('2034-11-05 02:00:00+00', '2034-12-17 02:00:00+00'),
      ('2035-10-28 02:00:00+00', '2035-12-09 02:00:00+00')
    ) AS ramadan ("from", "until")
    WHERE t >= ramadan."from" AND t < ramadan."until"
  )
$$;--> statement-breakpoint
-- The no-overlap constraint is checked row by row during an UPDATE: moving one booking onto the old
-- place of the next one (which moves too) would trip it although the result overlaps no more than the
-- wall-clock times did. It is dropped for the move and added back as 0002 defined it, which checks
-- every row again.
ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_no_overlap";--> statement-breakpoint
WITH "change" AS (
  INSERT INTO "time_zone_rule_changes" ("id", "data_version")
  VALUES ('africa-casablanca-utc0-2026-09-20', '2026d')
  ON CONFLICT ("id") DO NOTHING
  RETURNING "id"
)
UPDATE "bookings" SET
  "scheduled_start" = "scheduled_start" + CASE WHEN "pg_temp"."khedma_2025c_casablanca_was_utc1"("scheduled_start") THEN interval '1 hour' ELSE interval '0' END,
  "scheduled_end" = "scheduled_end" + CASE WHEN "pg_temp"."khedma_2025c_casablanca_was_utc1"("scheduled_end") THEN interval '1 hour' ELSE interval '0' END
WHERE EXISTS (SELECT 1 FROM "change")
  AND ("pg_temp"."khedma_2025c_casablanca_was_utc1"("scheduled_start") OR "pg_temp"."khedma_2025c_casablanca_was_utc1"("scheduled_end"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tstzrange("scheduled_start", "scheduled_end") WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));--> statement-breakpoint
DROP FUNCTION "pg_temp"."khedma_2025c_casablanca_was_utc1"(timestamptz);
