-- The service filter of the search page as an index walk (issue 40): `service=<id>&sort=rating` took
-- the general query (a semi-join to professional_services per listed professional, then a sort, then a
-- count(*)): p99 175 ms at 100k professionals (30 ms of PostgreSQL's CPU per request) and 933 ms at 1M.
--
-- The search keys (migration 0018) get one more kind of "category": a service, written as its id in
-- text (a category is a word, never a uuid). A listed professional has, for each service they offer
-- (a professional_services row, active service or not: exactly what the service filter matches), one
-- key row for "any city" and one per city. A service filter with or without a city and a minimum rating
-- is then one range of the keys, walked in the order asked for by the same four indexes, and its total
-- is a sum of at most 11 counters of migration 0037 (city x service x half star). A service together
-- with a category, or with a text, keeps the general query.
--
-- The counters are now written once per transaction, at its commit, in key order (see below): a
-- professional's services saved as one delete and one insert, or a catalogue change that touches every
-- professional of a service, refresh the keys several times in one transaction; written at each refresh
-- (as migration 0037 did), two such transactions could each hold a counter the other waits for.

-- A professional's key rows, as migration 0037 keeps them, with the services' rows.
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
  CROSS JOIN LATERAL (SELECT ''::text AS "category" UNION SELECT unnest(p."categories")
    UNION SELECT ps."service_type_id"::text FROM "professional_services" ps WHERE ps."professional_id" = p."id") k
  WHERE p."id" = p_professional_id AND p."status" = 'active' AND p."approved_at" IS NOT NULL;
  PERFORM "professional_search_counts_apply"(before_keys,
    ARRAY(SELECT k FROM "professional_search_keys" k WHERE k."professional_id" = p_professional_id));
END;
$$;--> statement-breakpoint

-- The counters' changes of a transaction, until its commit: rows only the transaction that wrote them
-- sees (uncommitted), drained by the deferred trigger below before that transaction commits, so the
-- table is empty to everyone else. Nothing reads it but that trigger.
CREATE TABLE "professional_search_counts_pending" (
  "city_id" uuid NOT NULL,
  "category" text NOT NULL,
  "rating_floor" numeric(2, 1) NOT NULL,
  "delta" integer NOT NULL
);--> statement-breakpoint

CREATE OR REPLACE FUNCTION "professional_search_counts_apply"(before_keys "professional_search_keys"[], after_keys "professional_search_keys"[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "professional_search_counts_pending" ("city_id", "category", "rating_floor", "delta")
  SELECT d."city_id", d."category", d."rating_floor", sum(d."delta")::int
  FROM (
    SELECT b."city_id", b."category", "search_rating_floor"(b."average_rating") AS "rating_floor", -1 AS "delta" FROM unnest(before_keys) b
    UNION ALL
    SELECT a."city_id", a."category", "search_rating_floor"(a."average_rating"), 1 FROM unnest(after_keys) a
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d."delta") <> 0;
$$;--> statement-breakpoint

-- At the commit: every change of the transaction summed per counter and written in one statement, in
-- key order. Each transaction takes its counters' row locks in that one order, after all its other
-- work: two transactions wait for each other's counters at most in turn, never in a cycle. The first
-- call drains the transaction's rows; the calls queued by its other rows find none.
CREATE FUNCTION "professional_search_counts_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM "professional_search_counts_pending" RETURNING *)
  INSERT INTO "professional_search_counts" ("city_id", "category", "rating_floor", "n")
  SELECT d."city_id", d."category", d."rating_floor", sum(d."delta")::int
  FROM d
  GROUP BY 1, 2, 3
  HAVING sum(d."delta") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("city_id", "category", "rating_floor") DO UPDATE SET "n" = "professional_search_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "professional_search_counts_flush"
  AFTER INSERT ON "professional_search_counts_pending"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "professional_search_counts_flush"();--> statement-breakpoint

-- The keys emptied at once: so are the counters, and the changes not yet written.
CREATE OR REPLACE FUNCTION "professional_search_keys_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "professional_search_counts";
  DELETE FROM "professional_search_counts_pending";
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- Several professionals' services changed by one statement (a catalogue change, a bulk write): their
-- keys are refreshed in the order of their ids, once each, whatever the order of the rows (migration
-- 0015 refreshed them row by row, in the rows' order: two statements over the same professionals in
-- another order could each lock one the other then waited for).
CREATE FUNCTION "professional_services_refresh_professionals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR pid IN SELECT DISTINCT n."professional_id" FROM new_rows n ORDER BY 1 LOOP
      PERFORM "professionals_refresh_categories"(pid);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR pid IN SELECT DISTINCT o."professional_id" FROM old_rows o ORDER BY 1 LOOP
      PERFORM "professionals_refresh_categories"(pid);
    END LOOP;
  ELSE
    FOR pid IN SELECT o."professional_id" FROM old_rows o UNION SELECT n."professional_id" FROM new_rows n ORDER BY 1 LOOP
      PERFORM "professionals_refresh_categories"(pid);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "professional_services_maintain_categories" ON "professional_services";--> statement-breakpoint
DROP FUNCTION "professional_services_maintain_categories"();--> statement-breakpoint
CREATE TRIGGER "professional_services_refresh_on_insert"
  AFTER INSERT ON "professional_services" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "professional_services_refresh_professionals"();--> statement-breakpoint
CREATE TRIGGER "professional_services_refresh_on_update"
  AFTER UPDATE ON "professional_services" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "professional_services_refresh_professionals"();--> statement-breakpoint
CREATE TRIGGER "professional_services_refresh_on_delete"
  AFTER DELETE ON "professional_services" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "professional_services_refresh_professionals"();--> statement-breakpoint

-- A catalogue change (services moved to another category, deactivated or reactivated, by one
-- statement): every professional of those services refreshed once, in the order of their ids.
CREATE FUNCTION "service_types_refresh_professionals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
BEGIN
  FOR pid IN
    SELECT DISTINCT ps."professional_id"
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    JOIN "professional_services" ps ON ps."service_type_id" = n."id"
    WHERE o."category" IS DISTINCT FROM n."category" OR o."is_active" IS DISTINCT FROM n."is_active"
    ORDER BY 1
  LOOP
    PERFORM "professionals_refresh_categories"(pid);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "service_types_maintain_categories" ON "service_types";--> statement-breakpoint
DROP FUNCTION "service_types_maintain_categories"();--> statement-breakpoint
CREATE TRIGGER "service_types_refresh_professionals"
  AFTER UPDATE ON "service_types" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "service_types_refresh_professionals"();--> statement-breakpoint

-- Existing data: the services' key rows, then every counter recounted from the keys.
INSERT INTO "professional_search_keys" ("professional_id", "city_id", "category", "average_rating", "total_reviews", "hourly_rate", "name")
SELECT DISTINCT p."id", c."city_id", ps."service_type_id"::text, r."average_rating", r."total_reviews", p."hourly_rate", p."name"
FROM "professionals" p
JOIN "professional_ratings" r ON r."professional_id" = p."id"
JOIN "professional_services" ps ON ps."professional_id" = p."id"
CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS "city_id" UNION SELECT unnest(p."city_ids")) c
WHERE p."status" = 'active' AND p."approved_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "professional_search_counts";--> statement-breakpoint
INSERT INTO "professional_search_counts" ("city_id", "category", "rating_floor", "n")
SELECT "city_id", "category", "search_rating_floor"("average_rating"), count(*)::int
FROM "professional_search_keys"
GROUP BY 1, 2, 3;
