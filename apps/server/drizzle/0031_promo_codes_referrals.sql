-- Promo codes and referrals (issue 43, docs/promos.md). A booking's discounts are rows of
-- booking_discounts (summed in bookings.discount_amount; total_amount is what the customer pays); a code's uses
-- and a customer's spent credit are counted from them, so a cancelled booking gives both back.
-- What the customer does not pay: total_amount = service + add-ons + fee - discount_amount.
ALTER TABLE "bookings" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_check" CHECK ("discount_amount" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_total_check" CHECK ("total_amount" = "service_price" + "addons_total" + "service_fee" - "discount_amount");--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" "citext" NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"first_booking_only" boolean DEFAULT false NOT NULL,
	"city_id" uuid REFERENCES "cities"("id") ON DELETE SET NULL,
	"category" text,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE ("code"),
	CONSTRAINT "promo_codes_kind_check" CHECK ("kind" IN ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_check" CHECK ("value" > 0 AND ("kind" <> 'percent' OR "value" <= 100)),
	CONSTRAINT "promo_codes_limits_check" CHECK (coalesce("max_discount", 1) > 0 AND coalesce("max_uses", 1) > 0 AND coalesce("max_uses_per_customer", 1) > 0),
	CONSTRAINT "promo_codes_dates_check" CHECK ("starts_at" IS NULL OR "ends_at" IS NULL OR "ends_at" > "starts_at")
);--> statement-breakpoint
CREATE TABLE "booking_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"source" text NOT NULL,
	"promo_code_id" uuid REFERENCES "promo_codes"("id") ON DELETE RESTRICT,
	"code" text,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_discounts_source_check" CHECK ("source" IN ('promo', 'credit')),
	CONSTRAINT "booking_discounts_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "booking_discounts_promo_check" CHECK (("source" = 'promo') = ("promo_code_id" IS NOT NULL)),
	CONSTRAINT "booking_discounts_booking_source_unique" UNIQUE ("booking_id", "source")
);--> statement-breakpoint
CREATE INDEX "booking_discounts_promo_idx" ON "booking_discounts" ("promo_code_id", "user_id");--> statement-breakpoint
CREATE INDEX "booking_discounts_user_idx" ON "booking_discounts" ("user_id", "source");--> statement-breakpoint
-- One row per customer who has a referral link; referred_by is set once, by a new account.
CREATE TABLE "referral_accounts" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code" "citext" NOT NULL,
	"referred_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"referred_at" timestamp with time zone,
	-- When the referral earned its credit, and the phone it was counted for (one credit per phone).
	"rewarded_at" timestamp with time zone,
	"rewarded_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_accounts_code_unique" UNIQUE ("code"),
	CONSTRAINT "referral_accounts_not_self_check" CHECK ("referred_by" IS NULL OR "referred_by" <> "user_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "referral_accounts_rewarded_phone_idx" ON "referral_accounts" ("rewarded_phone") WHERE "rewarded_phone" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "referral_accounts_referred_by_idx" ON "referral_accounts" ("referred_by");--> statement-breakpoint
-- Credit granted; spent credit is booking_discounts' 'credit' rows of bookings not cancelled.
CREATE TABLE "referral_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"amount" integer NOT NULL,
	-- The new customer whose first completed booking earned it (each side gets one per referral).
	"referee_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"booking_id" uuid REFERENCES "bookings"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_credits_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "referral_credits_once_unique" UNIQUE ("user_id", "referee_id")
);
