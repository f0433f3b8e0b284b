-- Admin (issue 25): where a sensitive access came from, and the notes an admin leaves when completing a booking.
ALTER TABLE "sensitive_access_log" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "sensitive_access_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "sensitive_access_log_created_idx" ON "sensitive_access_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completion_notes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_completion_notes_length_check" CHECK ("bookings"."completion_notes" IS NULL OR char_length("bookings"."completion_notes") <= 1000);
