-- Running late, arrival and no-shows (issue 41, docs/lateness.md): one row per booking once its
-- professional announced a delay or arrived, or a no-show was reported. professional_id is the
-- professional concerned at the time (a booking may be reassigned): the admin's counts read it.
CREATE TABLE IF NOT EXISTS "booking_attendance" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"professional_id" uuid NOT NULL,
	"expected_arrival_at" timestamp with time zone,
	"delay_announced_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"no_show_party" text,
	"no_show_reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_attendance_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "booking_attendance_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "booking_attendance_no_show_party_check" CHECK ("booking_attendance"."no_show_party" IN ('professional', 'customer'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_attendance_professional_idx" ON "booking_attendance" USING btree ("professional_id");--> statement-breakpoint
-- Suspension (issue 41): status 'suspended' hides the professional everywhere it is 'active' only;
-- why and when, for the admin and the professional's email.
ALTER TABLE "professionals" ADD COLUMN IF NOT EXISTS "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN IF NOT EXISTS "suspended_at" timestamp with time zone;--> statement-breakpoint
-- Suspensions and reinstatements are written to the sensitive-access log.
ALTER TABLE "sensitive_access_log" DROP CONSTRAINT IF EXISTS "sensitive_access_log_action_check";--> statement-breakpoint
ALTER TABLE "sensitive_access_log" ADD CONSTRAINT "sensitive_access_log_action_check" CHECK ("sensitive_access_log"."action" IN ('view_sensitive', 'view_applications', 'approve_application', 'reject_application', 'view_document', 'suspend_professional', 'reinstate_professional'));
