-- A visit of a recurring series moved before it exists (issue 43, docs/recurring.md "Moving a visit before
-- it exists"): the customer's new start is stored on the occurrence (state 'moved', moved_start), and the
-- rolling job creates the visit's booking at that start when the window reaches it. A visit created from a
-- move keeps its moved_start (the series page says it was moved).
ALTER TABLE "booking_series_occurrences" ADD COLUMN IF NOT EXISTS "moved_start" timestamptz;
--> statement-breakpoint
ALTER TABLE "booking_series_occurrences" DROP CONSTRAINT IF EXISTS "booking_series_occurrences_state_check";
--> statement-breakpoint
ALTER TABLE "booking_series_occurrences" ADD CONSTRAINT "booking_series_occurrences_state_check" CHECK ("state" IN ('booked', 'skipped', 'unavailable', 'rebooked', 'moved'));
--> statement-breakpoint
ALTER TABLE "booking_series_occurrences" DROP CONSTRAINT IF EXISTS "booking_series_occurrences_moved_check";
--> statement-breakpoint
ALTER TABLE "booking_series_occurrences" ADD CONSTRAINT "booking_series_occurrences_moved_check" CHECK ("state" <> 'moved' OR "moved_start" IS NOT NULL);
