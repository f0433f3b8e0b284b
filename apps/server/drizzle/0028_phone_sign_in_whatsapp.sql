-- Phone-first accounts and WhatsApp (docs/accounts.md#phone-sign-in, docs/notifications.md, issue 42).

-- One-time codes by SMS or WhatsApp, for the onboarding's phone step and for signing in by phone: one
-- live code per number and purpose (a new one replaces it). Only an HMAC of the code is kept.
CREATE TABLE IF NOT EXISTS "phone_codes" (
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_pkey" PRIMARY KEY ("phone", "purpose"),
	CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" IN ('verify', 'sign_in')),
	CONSTRAINT "phone_codes_channel_check" CHECK ("phone_codes"."channel" IN ('sms', 'whatsapp'))
);
--> statement-breakpoint
-- WhatsApp as a notification channel: opt-in only, recorded with when and how; an inbound STOP turns it off.
ALTER TABLE "notification_preferences" ADD COLUMN IF NOT EXISTS "whatsapp" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN IF NOT EXISTS "whatsapp_opt_in_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN IF NOT EXISTS "whatsapp_opt_in_source" text;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN IF NOT EXISTS "whatsapp_opted_out_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT IF EXISTS "outbox_channel_check";
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" IN ('email', 'sms', 'push', 'whatsapp'));
