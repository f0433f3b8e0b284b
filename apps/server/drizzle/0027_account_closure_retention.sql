-- Accounts nobody can pre-claim, account closure and data retention (issue 41, docs/retention.md).
--
-- email_confirmations: the links of the confirmation emails, ours rather than better-auth's (whose
-- link confirmed the address and kept the password chosen at sign-up, whoever chose it). Only the
-- SHA-256 of a token is kept; a new sign-up of the same unconfirmed address, a new link and the
-- confirmation itself delete the older ones (one live link per account).
CREATE TABLE "email_confirmations" (
  "token_hash" text PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "next" text,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "email_confirmations_user_idx" ON "email_confirmations" ("user_id");--> statement-breakpoint

-- A closed account (its owner asked): no sign-in, no listing; its personal data is deleted one year
-- later (closed_at + 1 year, the privacy page), when data_deleted_at is set.
ALTER TABLE "profiles" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "data_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "profiles_closed_pending_deletion_idx" ON "profiles" ("closed_at") WHERE "closed_at" IS NOT NULL AND "data_deleted_at" IS NULL;--> statement-breakpoint

-- Booking history anonymised 2 years after the booking ended (address, phone, free text).
ALTER TABLE "bookings" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_to_anonymise_idx" ON "bookings" ("scheduled_end") WHERE "anonymised_at" IS NULL;--> statement-breakpoint

-- Invoices and credit notes keep their amounts and numbers; the customer's identity is removed once
-- the 7-year legal period has passed.
ALTER TABLE "invoices" ADD COLUMN "anonymised_at" timestamp with time zone;
