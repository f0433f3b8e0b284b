-- Travel-aware assignment at 10k professionals and 1M bookings (issue 42, bench/travel.bench.ts): the pool
-- statement (modules/bookings/pool.repository.ts) counts, for every candidate of a city and service, their
-- jobs of the last 30 days (pending, confirmed or completed) and their completed jobs, the ranking's
-- fairness figures. With only bookings_professional_start_idx each count read every booking of the
-- professional from the table (a bitmap heap scan of about 60-100 pages per candidate: 0.7 ms each, 330 ms
-- for a pool of 250 in the bench's EXPLAIN ANALYZE). On (professional_id, status, scheduled_start) both
-- counts are index-only ranges.
CREATE INDEX IF NOT EXISTS "bookings_professional_status_start_idx" ON "bookings" USING btree ("professional_id", "status", "scheduled_start");
