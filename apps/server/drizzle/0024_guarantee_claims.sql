-- Guarantee claims (docs/claims.md, issue 41): the customer of a completed booking reports a problem
-- within the guarantee window; the professional offers a return visit or disputes; the customer
-- accepts the visit or an admin decides. At most one claim per booking is open at a time (the partial
-- unique index): two reports sent at once make one claim. An open claim holds the escrow release
-- (modules/claims registers the hold with the payments module).
CREATE TABLE "claims" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "customer_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "professional_id" uuid REFERENCES "professionals"("id") ON DELETE SET NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "request" text NOT NULL,
  "requested_amount" integer,
  "description" text NOT NULL,
  -- [{ "id": "<file id>", "key": "<storage key>" }], private objects served by signed URLs.
  "photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "visit_start" timestamp with time zone,
  "visit_end" timestamp with time zone,
  "dispute_reason" text,
  "answered_at" timestamp with time zone,
  "customer_reason" text,
  "outcome" text,
  "decision_reason" text,
  "decided_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "refund_amount" integer,
  "refund_id" uuid REFERENCES "payment_refunds"("id"),
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "claims_status_check" CHECK ("status" IN ('open', 'visit_offered', 'needs_decision', 'resolved')),
  CONSTRAINT "claims_request_check" CHECK ("request" IN ('return_visit', 'partial_refund', 'full_refund')),
  CONSTRAINT "claims_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('return_visit', 'partial_refund', 'full_refund', 'rejected')),
  CONSTRAINT "claims_resolved_check" CHECK (("status" = 'resolved') = ("outcome" IS NOT NULL)),
  CONSTRAINT "claims_visit_check" CHECK (("visit_start" IS NULL) = ("visit_end" IS NULL) AND ("visit_start" IS NULL OR "visit_end" > "visit_start")),
  CONSTRAINT "claims_amounts_check" CHECK (("requested_amount" IS NULL OR "requested_amount" > 0) AND ("refund_amount" IS NULL OR "refund_amount" > 0))
);--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_idx" ON "claims" ("booking_id") WHERE "status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "claims_booking_idx" ON "claims" ("booking_id", "created_at");--> statement-breakpoint
CREATE INDEX "claims_needs_decision_idx" ON "claims" ("created_at") WHERE "status" = 'needs_decision';--> statement-breakpoint
CREATE INDEX "claims_professional_visit_idx" ON "claims" ("professional_id", "visit_start") WHERE "visit_start" IS NOT NULL;
