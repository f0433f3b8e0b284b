-- Unpaid holds (packages/shared/src/domain/holds.ts, docs/bookings.md): a customer holds at most
-- MAX_UNPAID_HOLDS (2) unpaid bookings at once. Checked here so that it holds whatever the path (the
-- wizard, a professional's page, two server instances at once): the transaction-scoped advisory lock
-- per customer makes concurrent inserts of one customer take turns, and each counts the others'
-- committed holds. The refusal is SQLSTATE P0001 with the hint UNPAID_HOLD_LIMIT (409 for the API).
CREATE OR REPLACE FUNCTION "bookings_unpaid_hold_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	held integer;
BEGIN
	IF NEW.status = 'pending' AND NEW.payment_status = 'pending' THEN
		PERFORM pg_advisory_xact_lock(hashtext('khedma.unpaid_holds'), hashtext(NEW.user_id));
		SELECT count(*) INTO held FROM "bookings"
			WHERE user_id = NEW.user_id AND status = 'pending' AND payment_status = 'pending' AND id <> NEW.id;
		IF held >= 2 THEN
			RAISE EXCEPTION 'unpaid hold limit reached' USING ERRCODE = 'P0001', HINT = 'UNPAID_HOLD_LIMIT';
		END IF;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_unpaid_hold_limit" ON "bookings";
--> statement-breakpoint
CREATE TRIGGER "bookings_unpaid_hold_limit" BEFORE INSERT ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_unpaid_hold_limit"();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_unpaid_holds_idx" ON "bookings" ("user_id") WHERE status = 'pending' AND payment_status = 'pending';
