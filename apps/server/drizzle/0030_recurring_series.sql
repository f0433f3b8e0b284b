-- Recurring bookings (docs/recurring.md, issue 43): a series repeats one of the customer's bookings with
-- the same professional; each visit becomes a real booking on a rolling window, recorded here.
CREATE TABLE IF NOT EXISTS "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"professional_id" uuid NOT NULL REFERENCES "professionals"("id"),
	"source_booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
	"interval_weeks" smallint NOT NULL,
	"first_date" text NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"end_rule" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_status_check" CHECK ("status" IN ('active', 'paused', 'cancelled', 'declined')),
	CONSTRAINT "booking_series_interval_check" CHECK ("interval_weeks" IN (1, 2, 4)),
	CONSTRAINT "booking_series_duration_check" CHECK ("duration_minutes" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "booking_series_idempotency_idx" ON "booking_series" ("user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "booking_series_source_live_idx" ON "booking_series" ("source_booking_id") WHERE "status" IN ('active', 'paused');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_series_user_idx" ON "booking_series" ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_series_professional_idx" ON "booking_series" ("professional_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "booking_series_occurrences" (
	"series_id" uuid NOT NULL REFERENCES "booking_series"("id") ON DELETE CASCADE,
	"seq" integer NOT NULL,
	"planned_date" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"booking_id" uuid REFERENCES "bookings"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_occurrences_pkey" PRIMARY KEY ("series_id", "seq"),
	CONSTRAINT "booking_series_occurrences_state_check" CHECK ("state" IN ('booked', 'skipped', 'unavailable', 'rebooked'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "booking_series_occurrences_booking_idx" ON "booking_series_occurrences" ("booking_id");
--> statement-breakpoint
-- A visit of a series is an unpaid booking from its creation (up to RECURRING_WINDOW_DAYS ahead) until it
-- is paid, due RECURRING_PAYMENT_DEADLINE_HOURS before its start: it does not count against the customer's
-- MAX_UNPAID_HOLDS (2) wizard holds (migration 0014), or a weekly series could not be created at all. The
-- series job marks its insert with the transaction-local setting khedma.series_occurrence.
CREATE OR REPLACE FUNCTION "bookings_unpaid_hold_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	held integer;
BEGIN
	IF NEW.status = 'pending' AND NEW.payment_status = 'pending' THEN
		IF coalesce(current_setting('khedma.series_occurrence', true), '') = 'on' THEN
			RETURN NEW;
		END IF;
		PERFORM pg_advisory_xact_lock(hashtext('khedma.unpaid_holds'), hashtext(NEW.user_id));
		SELECT count(*) INTO held FROM "bookings" b
			WHERE b.user_id = NEW.user_id AND b.status = 'pending' AND b.payment_status = 'pending' AND b.id <> NEW.id
			AND NOT EXISTS (SELECT 1 FROM "booking_series_occurrences" o WHERE o.booking_id = b.id);
		IF held >= 2 THEN
			RAISE EXCEPTION 'unpaid hold limit reached' USING ERRCODE = 'P0001', HINT = 'UNPAID_HOLD_LIMIT';
		END IF;
	END IF;
	RETURN NEW;
END;
$$;
