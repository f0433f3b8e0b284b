-- Hosted payments (issue 36, docs/payments.md): CMI's 3-D Secure page with signed callbacks, refunds
-- that reach the card, reconciliation with the provider. The demo provider is gone; the CMI simulator
-- (platform/cmi-simulator.ts) keeps its books in cmi_sim_orders instead of demo_provider_charges.

-- A hosted payment waits for the provider's callback; a refund may be partial.
ALTER TABLE "payments" DROP CONSTRAINT IF EXISTS "payments_status_check";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("status" in ('pending', 'awaiting_callback', 'succeeded', 'failed', 'refunded', 'partially_refunded'));
--> statement-breakpoint
-- What the provider confirmed refunding (whole MAD).
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refunded_amount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Refunds asked of the provider: one row per refund decided (cancellation, admin refund), sent by the
-- payment.refund job until the provider answers; refused ones stay 'failed' with the reason (admin list).
CREATE TABLE IF NOT EXISTS "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL REFERENCES "payments"("id"),
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
	"amount" integer NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_refunds_payment_idx" ON "payment_refunds" ("payment_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_refunds_failed_idx" ON "payment_refunds" ("created_at") WHERE "status" = 'failed';
--> statement-breakpoint
-- Every provider callback, accepted or not, with why (a bad hash, an unknown order, a wrong amount, a duplicate).
CREATE TABLE IF NOT EXISTS "payment_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"order_id" text,
	"payment_id" uuid,
	"verdict" text NOT NULL,
	"detail" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_callbacks_order_idx" ON "payment_callbacks" ("order_id", "created_at");
--> statement-breakpoint
-- Differences the daily reconciliation found between our rows and the provider's answers (finance list).
CREATE TABLE IF NOT EXISTS "payment_reconciliation_diffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_date" date NOT NULL,
	"payment_id" uuid NOT NULL REFERENCES "payments"("id"),
	"kind" text NOT NULL,
	"ours" text NOT NULL,
	"theirs" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payment_reconciliation_diffs_run_idx" ON "payment_reconciliation_diffs" ("run_date", "payment_id", "kind");
--> statement-breakpoint
-- The CMI simulator's own books (outside our transactions, as CMI's are): orders by oid.
CREATE TABLE IF NOT EXISTS "cmi_sim_orders" (
	"oid" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"trans_id" text NOT NULL,
	"auth_code" text,
	"err_msg" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every Credit (refund) the simulator accepted: tests count them (a refund reaches the card once).
CREATE TABLE IF NOT EXISTS "cmi_sim_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"oid" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE IF EXISTS "demo_provider_charges";
--> statement-breakpoint
-- One refund sender per payment at a time (refunds of a payment reach the provider in order, once).
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refund_lock_until" timestamp with time zone;
