-- Quotes for jobs without a fixed price (issue 43, docs/job-quotes.md): services priced "on quote",
-- the customer's job request with its photos, and the professionals' quotes. An accepted quote
-- becomes a booking at its price (job_quotes.booking_id).
ALTER TABLE "service_types" ADD COLUMN "on_quote" boolean DEFAULT false NOT NULL;--> statement-breakpoint

CREATE TABLE "job_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "customer_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "service_type_id" uuid NOT NULL REFERENCES "service_types"("id"),
  "city_id" uuid NOT NULL REFERENCES "cities"("id"),
  "borough_id" uuid REFERENCES "boroughs"("id"),
  "description" text NOT NULL,
  "address" text NOT NULL,
  "preferred_dates" date[] DEFAULT '{}'::date[] NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "closes_on" date NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "job_requests_status_check" CHECK ("status" IN ('open', 'accepted', 'expired', 'cancelled')),
  CONSTRAINT "job_requests_description_check" CHECK (char_length("description") BETWEEN 1 AND 2000),
  CONSTRAINT "job_requests_address_check" CHECK (char_length("address") BETWEEN 1 AND 200),
  CONSTRAINT "job_requests_preferred_dates_check" CHECK (cardinality("preferred_dates") <= 3)
);--> statement-breakpoint
CREATE INDEX "job_requests_customer_idx" ON "job_requests" ("customer_id", "created_at" DESC);--> statement-breakpoint
-- A professional's list: the open requests of their services and cities.
CREATE INDEX "job_requests_open_idx" ON "job_requests" ("service_type_id", "city_id") WHERE "status" = 'open';--> statement-breakpoint

CREATE TABLE "job_request_photos" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "request_id" uuid NOT NULL REFERENCES "job_requests"("id") ON DELETE CASCADE,
  "storage_key" text NOT NULL,
  "content_type" text NOT NULL,
  "file_name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "job_request_photos_request_idx" ON "job_request_photos" ("request_id", "created_at");--> statement-breakpoint

CREATE TABLE "job_quotes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "request_id" uuid NOT NULL REFERENCES "job_requests"("id") ON DELETE CASCADE,
  "professional_id" uuid NOT NULL REFERENCES "professionals"("id") ON DELETE CASCADE,
  "lines" jsonb NOT NULL,
  "subtotal" integer NOT NULL,
  "valid_until" date NOT NULL,
  "visit_start" timestamp with time zone NOT NULL,
  "visit_end" timestamp with time zone NOT NULL,
  "message" text,
  "status" text DEFAULT 'submitted' NOT NULL,
  "booking_id" uuid REFERENCES "bookings"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "job_quotes_status_check" CHECK ("status" IN ('submitted', 'accepted', 'declined', 'withdrawn', 'expired')),
  CONSTRAINT "job_quotes_subtotal_check" CHECK ("subtotal" > 0),
  CONSTRAINT "job_quotes_visit_check" CHECK ("visit_end" > "visit_start"),
  CONSTRAINT "job_quotes_one_per_professional" UNIQUE ("request_id", "professional_id")
);--> statement-breakpoint
-- At most one accepted quote per request, whatever races.
CREATE UNIQUE INDEX "job_quotes_one_accepted_idx" ON "job_quotes" ("request_id") WHERE "status" = 'accepted';--> statement-breakpoint
CREATE INDEX "job_quotes_professional_idx" ON "job_quotes" ("professional_id", "created_at" DESC);
