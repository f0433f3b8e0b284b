-- Payout batches and invoices (issue 36; docs/payments.md "Payout batches" and "Invoices").
--
-- Gap-free numbers (invoices, credit notes, payout batches): one counter row per series and year,
-- incremented by INSERT ... ON CONFLICT DO UPDATE ... RETURNING in the transaction that writes the
-- document. The row stays locked until that transaction ends, so numbers are handed out one at a time,
-- and a transaction that rolls back gives its number back. A PostgreSQL SEQUENCE is not used: it leaves
-- gaps (a rolled-back nextval is never given again), which an invoice series may not have.
CREATE TABLE IF NOT EXISTS "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_counters_pk" PRIMARY KEY ("series", "year"),
	CONSTRAINT "document_counters_last_value_check" CHECK ("last_value" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"count" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "payout_batches_number_unique" UNIQUE ("number"),
	CONSTRAINT "payout_batches_count_check" CHECK ("count" > 0),
	CONSTRAINT "payout_batches_total_check" CHECK ("total" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payout_batches_created_idx" ON "payout_batches" ("created_at");
--> statement-breakpoint
-- A payout in a batch is `sent` (the transfer ordered, not yet on the bank's statement).
ALTER TABLE "payouts" DROP CONSTRAINT IF EXISTS "payouts_status_check";
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("status" IN ('pending', 'sent', 'paid'));
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "batch_id" uuid REFERENCES "payout_batches"("id");
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "reference" text;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "sent_at" timestamp with time zone;
--> statement-breakpoint
-- Where the transfer was ordered to (the RIB and holder name as the batch file carries them): the file
-- downloaded again later is the one the bank received, whatever the professional changes since.
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "batch_rib" text;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "batch_holder" text;
--> statement-breakpoint
-- The value date of the bank statement line that showed the transfer (null when marked paid by hand).
ALTER TABLE "payouts" ADD COLUMN IF NOT EXISTS "statement_date" date;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_sent_check" CHECK (("status" = 'pending') OR ("status" = 'paid' AND "batch_id" IS NULL) OR ("batch_id" IS NOT NULL AND "reference" IS NOT NULL AND "sent_at" IS NOT NULL));
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payouts_reference_idx" ON "payouts" ("reference");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_batch_idx" ON "payouts" ("batch_id");
--> statement-breakpoint
-- One payout on its way per professional: pending or sent (a second request waits until it is paid).
DROP INDEX IF EXISTS "payouts_one_pending_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payouts_one_pending_idx" ON "payouts" ("professional_id") WHERE "status" IN ('pending', 'sent');
--> statement-breakpoint
-- A business customer's ICE (Identifiant Commun de l'Entreprise, 15 digits), printed on their invoices.
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "ice" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_ice_check" CHECK ("ice" IS NULL OR "ice" ~ '^[0-9]{15}$');
--> statement-breakpoint
-- Invoices of paid bookings and credit notes of refunds: each kind its own gap-free series per year.
-- Amounts in centimes (an invoice states VAT to the centime); what the seller and the customer were at
-- issue is kept as it was (an issued invoice never changes).
CREATE TABLE IF NOT EXISTS "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
	"invoice_id" uuid REFERENCES "invoices"("id"),
	"ledger_transaction_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" text,
	"customer_name" text NOT NULL,
	"customer_ice" text,
	"seller" jsonb NOT NULL,
	"service_cents" integer NOT NULL,
	"fee_excl_vat_cents" integer NOT NULL,
	"fee_vat_cents" integer NOT NULL,
	"vat_rate" numeric(5, 4) NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_number_unique" UNIQUE ("number"),
	CONSTRAINT "invoices_kind_year_seq_unique" UNIQUE ("kind", "year", "seq"),
	CONSTRAINT "invoices_credit_note_check" CHECK (("kind" = 'invoice') = ("invoice_id" IS NULL)),
	CONSTRAINT "invoices_total_check" CHECK ("total_cents" = "service_cents" + "fee_excl_vat_cents" + "fee_vat_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoices_one_per_booking_idx" ON "invoices" ("booking_id") WHERE "kind" = 'invoice';
--> statement-breakpoint
-- One credit note per refund (its ledger transaction): writing it twice is impossible.
CREATE UNIQUE INDEX IF NOT EXISTS "invoices_credit_note_refund_idx" ON "invoices" ("ledger_transaction_id") WHERE "kind" = 'credit_note';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_booking_idx" ON "invoices" ("booking_id");
