-- Support tickets (issue 41, docs/support.md): a thread between one person and the support team. A
-- ticket belongs to an account (opened in the app) or only to an email (the public contact form); it
-- may concern one booking of its person. Messages carry text or one private file (storage key), and
-- support's internal notes, which the person's API never returns.
CREATE TABLE "support_tickets" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
  "name" text NOT NULL,
  "email" citext NOT NULL,
  "locale" text DEFAULT 'en' NOT NULL,
  "source" text DEFAULT 'app' NOT NULL,
  "contact_message_id" uuid REFERENCES "contact_messages"("id") ON DELETE SET NULL,
  "booking_id" uuid REFERENCES "bookings"("id") ON DELETE SET NULL,
  "subject" text NOT NULL,
  "category" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "assignee_id" text REFERENCES "users"("id") ON DELETE SET NULL,
  -- Since when support owes an answer (the ticket is open); null on the person's turn or once settled.
  "waiting_since" timestamp with time zone,
  "first_answered_at" timestamp with time zone,
  "resolved_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "support_tickets_status_check" CHECK ("status" IN ('open', 'waiting_for_user', 'resolved', 'closed')),
  CONSTRAINT "support_tickets_category_check" CHECK ("category" IN ('booking', 'payment', 'account', 'other')),
  CONSTRAINT "support_tickets_source_check" CHECK ("source" IN ('app', 'contact_form')),
  CONSTRAINT "support_tickets_locale_check" CHECK ("locale" IN ('en', 'fr', 'ar'))
);--> statement-breakpoint
-- A person's tickets, latest activity first.
CREATE INDEX "support_tickets_user_updated_idx" ON "support_tickets" ("user_id", "updated_at" DESC);--> statement-breakpoint
-- The queue: tickets waiting for support, longest waiting first.
CREATE INDEX "support_tickets_queue_idx" ON "support_tickets" ("status", "waiting_since");--> statement-breakpoint
CREATE TABLE "support_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id") ON DELETE CASCADE,
  "author_id" text REFERENCES "users"("id") ON DELETE SET NULL,
  "author_role" text NOT NULL,
  "internal" boolean DEFAULT false NOT NULL,
  "body" text DEFAULT '' NOT NULL,
  "file_key" text,
  "file_name" text,
  "file_type" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "support_messages_author_role_check" CHECK ("author_role" IN ('user', 'support')),
  -- Only support writes internal notes.
  CONSTRAINT "support_messages_internal_check" CHECK (NOT "internal" OR "author_role" = 'support')
);--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" ("ticket_id", "created_at");
