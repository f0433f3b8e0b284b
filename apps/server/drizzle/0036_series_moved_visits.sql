-- Recurring bookings (issue 43): a visit moved before it exists, and the wizard's "Repeat" kept with its booking.
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
--> statement-breakpoint
-- The booking wizard's "Repeat" (docs/recurring.md "From the wizard"), stored with the booking it repeats by
-- the statement that creates it; the series is made in the transaction that records its payment.
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "repeat_interval_weeks" smallint;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN IF NOT EXISTS "repeat_end" jsonb;
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_repeat_check";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_repeat_check" CHECK (("repeat_interval_weeks" IS NULL AND "repeat_end" IS NULL) OR ("repeat_interval_weeks" IN (1, 2, 4) AND "repeat_end" IS NOT NULL));
