-- Recovery after a crash (issue 21 item 7, docs/payments.md "After a crash").
-- Every running server instance holds a lease here, renewed every few seconds; work it claims
-- (a payment attempt, an Idempotency-Key in flight) names the instance, so that another instance,
-- or the same one restarted, can tell a claim left by a dead process from one still being worked on.
CREATE TABLE IF NOT EXISTS "server_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN IF NOT EXISTS "owner" uuid;
--> statement-breakpoint
-- The demo payment provider's own books: what it charged, per payment reference. A real provider
-- keeps these on its side and answers "what happened to payment X?"; the demo provider keeps them in
-- this table (never in the same transaction as ours) so that it can answer after our crash too.
CREATE TABLE IF NOT EXISTS "demo_provider_charges" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"provider_ref" text NOT NULL,
	"failure_reason" text,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
