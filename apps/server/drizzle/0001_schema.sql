CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jwks" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"alg" text,
	"crv" text
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" "citext" NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"phone_number" text,
	"phone_number_verified" boolean DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_roles_user_role_key" UNIQUE("user_id","role"),
	CONSTRAINT "admin_roles_role_check" CHECK ("admin_roles"."role" IN ('super_admin', 'application_reviewer', 'finance_admin'))
);
--> statement-breakpoint
CREATE TABLE "profile_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"changed_by" text,
	"old_values" jsonb,
	"new_values" jsonb,
	"changed_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"change_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"full_name" text,
	"region" text,
	"email" "citext",
	"phone" text,
	"location" text,
	"about_me" text,
	"avatar_url" text,
	"user_type" text DEFAULT 'customer' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_type_check" CHECK ("profiles"."user_type" IN ('customer', 'pro', 'admin')),
	CONSTRAINT "profiles_locale_check" CHECK ("profiles"."locale" IN ('en', 'fr', 'ar'))
);
--> statement-breakpoint
CREATE TABLE "boroughs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_ar" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boroughs_city_name_key" UNIQUE("city_id","name")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_ar" text NOT NULL,
	"region" text NOT NULL,
	"price_factor" numeric(4, 2) DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_slug_unique" UNIQUE("slug"),
	CONSTRAINT "cities_price_factor_check" CHECK ("cities"."price_factor" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_ar" text NOT NULL,
	"icon" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_check" CHECK ("categories"."slug" IN ('plumbing', 'cleaning', 'moving', 'electrical', 'handyman', 'painting', 'gardening', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "service_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text,
	"description_fr" text,
	"description_ar" text,
	"price" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_add_ons_price_check" CHECK ("service_add_ons"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_type_prices_by_region" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_type_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_type_prices_by_region_service_city_key" UNIQUE("service_type_id","city_id"),
	CONSTRAINT "service_type_prices_by_region_price_check" CHECK ("service_type_prices_by_region"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text NOT NULL,
	"description_fr" text NOT NULL,
	"description_ar" text NOT NULL,
	"category" text NOT NULL,
	"base_price" integer NOT NULL,
	"estimated_duration_minutes" integer NOT NULL,
	"image_url" text,
	"materials_included" boolean DEFAULT false NOT NULL,
	"warranty_days" integer DEFAULT 0 NOT NULL,
	"includes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excludes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_types_base_price_check" CHECK ("service_types"."base_price" >= 0),
	CONSTRAINT "service_types_duration_check" CHECK ("service_types"."estimated_duration_minutes" > 0),
	CONSTRAINT "service_types_warranty_check" CHECK ("service_types"."warranty_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "professional_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"full_name" text NOT NULL,
	"email" "citext" NOT NULL,
	"phone_number" text NOT NULL,
	"date_of_birth" date,
	"country" text DEFAULT 'Morocco' NOT NULL,
	"city_id" uuid,
	"coverage_boroughs" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"service_catalog_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"service_id" uuid,
	"availability" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"profile_photo_url" text,
	"national_id_url" text,
	"id_verification_url" text,
	"address_proof_url" text,
	"skill_certificates_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"certificate_url" text,
	"insurance_certificate_url" text,
	"portfolio_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"experience_years" integer DEFAULT 1 NOT NULL,
	"years_in_business" integer,
	"hourly_rate" integer,
	"expertise_description" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"bank_name" text,
	"account_holder" text,
	"bank_account_iban" text,
	"tax_id" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_applications_status_check" CHECK ("professional_applications"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "professional_applications_experience_check" CHECK ("professional_applications"."experience_years" BETWEEN 1 AND 30),
	CONSTRAINT "professional_applications_hourly_rate_check" CHECK ("professional_applications"."hourly_rate" IS NULL OR "professional_applications"."hourly_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "professional_availability" (
	"professional_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"slot" text NOT NULL,
	CONSTRAINT "professional_availability_professional_id_weekday_slot_pk" PRIMARY KEY("professional_id","weekday","slot"),
	CONSTRAINT "professional_availability_weekday_check" CHECK ("professional_availability"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "professional_availability_slot_check" CHECK ("professional_availability"."slot" IN ('morning', 'afternoon', 'evening', 'allDay'))
);
--> statement-breakpoint
CREATE TABLE "professional_boroughs" (
	"professional_id" uuid NOT NULL,
	"borough_id" uuid NOT NULL,
	CONSTRAINT "professional_boroughs_professional_id_borough_id_pk" PRIMARY KEY("professional_id","borough_id")
);
--> statement-breakpoint
CREATE TABLE "professional_services" (
	"professional_id" uuid NOT NULL,
	"service_type_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_services_professional_id_service_type_id_pk" PRIMARY KEY("professional_id","service_type_id")
);
--> statement-breakpoint
CREATE TABLE "professionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"city_id" uuid NOT NULL,
	"region" text DEFAULT 'Morocco' NOT NULL,
	"about" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"hourly_rate" integer DEFAULT 150 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professionals_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "professionals_hourly_rate_check" CHECK ("professionals"."hourly_rate" >= 0),
	CONSTRAINT "professionals_status_check" CHECK ("professionals"."status" IN ('active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "booking_price_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"quantity" numeric(8, 2) DEFAULT 1 NOT NULL,
	"unit_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_price_lines_kind_check" CHECK ("booking_price_lines"."kind" IN ('service', 'addon', 'hourly', 'fee')),
	CONSTRAINT "booking_price_lines_quantity_check" CHECK ("booking_price_lines"."quantity" > 0),
	CONSTRAINT "booking_price_lines_amounts_check" CHECK ("booking_price_lines"."unit_amount" >= 0 AND "booking_price_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"professional_id" uuid NOT NULL,
	"service_type_id" uuid,
	"kind" text DEFAULT 'service' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"city_id" uuid NOT NULL,
	"borough_id" uuid,
	"contact_phone" text,
	"special_requests" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"scheduled_start" timestamp with time zone NOT NULL,
	"scheduled_end" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"service_price" integer DEFAULT 0 NOT NULL,
	"addons_total" integer DEFAULT 0 NOT NULL,
	"service_fee" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"fixed_price" boolean DEFAULT true NOT NULL,
	"addon_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancellation_fee" integer,
	"cancelled_by" text,
	"cancellation_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_kind_check" CHECK ("bookings"."kind" IN ('service', 'hourly')),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" IN ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded')),
	CONSTRAINT "bookings_title_length_check" CHECK (char_length("bookings"."title") <= 200),
	CONSTRAINT "bookings_description_length_check" CHECK (char_length("bookings"."description") <= 1000),
	CONSTRAINT "bookings_location_length_check" CHECK (char_length("bookings"."location") <= 300),
	CONSTRAINT "bookings_schedule_check" CHECK ("bookings"."scheduled_end" > "bookings"."scheduled_start"),
	CONSTRAINT "bookings_duration_check" CHECK ("bookings"."duration_minutes" > 0),
	CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."service_price" >= 0 AND "bookings"."addons_total" >= 0 AND "bookings"."service_fee" >= 0 AND "bookings"."total_amount" >= 0),
	CONSTRAINT "bookings_total_check" CHECK ("bookings"."total_amount" = "bookings"."service_price" + "bookings"."addons_total" + "bookings"."service_fee"),
	CONSTRAINT "bookings_cancellation_fee_check" CHECK ("bookings"."cancellation_fee" IS NULL OR "bookings"."cancellation_fee" >= 0),
	CONSTRAINT "bookings_service_kind_check" CHECK ("bookings"."kind" <> 'service' OR "bookings"."service_type_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_flight' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" IN ('in_flight', 'done'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"booking_id" uuid,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" IN ('hold', 'release', 'refund', 'cancellation_fee', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" IN ('card', 'bank', 'mobile')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('pending', 'succeeded', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" >= 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" IN ('pending', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"professional_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_booking_id_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_type_check" CHECK ("messages"."message_type" IN ('text', 'image', 'file')),
	CONSTRAINT "messages_content_check" CHECK (char_length(btrim("messages"."content")) > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"professional_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text,
	"comment" text,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_helpful_count_check" CHECK ("reviews"."helpful_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" "citext" NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_jobs_status_check" CHECK ("scheduled_jobs"."status" IN ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "scheduled_jobs_attempts_check" CHECK ("scheduled_jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sensitive_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text NOT NULL,
	"table_name" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"accessed_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_access_log_action_check" CHECK ("sensitive_access_log"."action" IN ('view_sensitive', 'view_applications', 'approve_application', 'reject_application', 'view_document'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_roles" ADD CONSTRAINT "admin_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_audit_log" ADD CONSTRAINT "profile_audit_log_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_audit_log" ADD CONSTRAINT "profile_audit_log_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boroughs" ADD CONSTRAINT "boroughs_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_add_ons" ADD CONSTRAINT "service_add_ons_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type_prices_by_region" ADD CONSTRAINT "service_type_prices_by_region_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type_prices_by_region" ADD CONSTRAINT "service_type_prices_by_region_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_category_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_applications" ADD CONSTRAINT "professional_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_applications" ADD CONSTRAINT "professional_applications_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_applications" ADD CONSTRAINT "professional_applications_service_id_service_types_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_applications" ADD CONSTRAINT "professional_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_availability" ADD CONSTRAINT "professional_availability_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_boroughs" ADD CONSTRAINT "professional_boroughs_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_boroughs" ADD CONSTRAINT "professional_boroughs_borough_id_boroughs_id_fk" FOREIGN KEY ("borough_id") REFERENCES "public"."boroughs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_services" ADD CONSTRAINT "professional_services_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_services" ADD CONSTRAINT "professional_services_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_price_lines" ADD CONSTRAINT "booking_price_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_borough_id_boroughs_id_fk" FOREIGN KEY ("borough_id") REFERENCES "public"."boroughs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_access_log" ADD CONSTRAINT "sensitive_access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "accounts_provider_account_idx" ON "accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "profile_audit_log_profile_idx" ON "profile_audit_log" USING btree ("profile_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_add_ons_service_price_idx" ON "service_add_ons" USING btree ("service_type_id","price") WHERE "service_add_ons"."is_active";--> statement-breakpoint
CREATE INDEX "service_types_active_category_name_idx" ON "service_types" USING btree ("category","name") WHERE "service_types"."is_active";--> statement-breakpoint
CREATE INDEX "service_types_name_trgm_idx" ON "service_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_types_name_fr_trgm_idx" ON "service_types" USING gin ("name_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_types_name_ar_trgm_idx" ON "service_types" USING gin ("name_ar" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_types_description_trgm_idx" ON "service_types" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_types_description_fr_trgm_idx" ON "service_types" USING gin ("description_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_types_description_ar_trgm_idx" ON "service_types" USING gin ("description_ar" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "professional_applications_user_created_idx" ON "professional_applications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "professional_applications_status_submitted_idx" ON "professional_applications" USING btree ("status","submitted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "professional_applications_one_pending_idx" ON "professional_applications" USING btree ("user_id") WHERE "professional_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "professional_boroughs_borough_idx" ON "professional_boroughs" USING btree ("borough_id");--> statement-breakpoint
CREATE INDEX "professional_services_service_idx" ON "professional_services" USING btree ("service_type_id");--> statement-breakpoint
CREATE INDEX "professionals_city_name_idx" ON "professionals" USING btree ("city_id","name");--> statement-breakpoint
CREATE INDEX "professionals_name_idx" ON "professionals" USING btree ("name");--> statement-breakpoint
CREATE INDEX "professionals_name_trgm_idx" ON "professionals" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "professionals_full_name_trgm_idx" ON "professionals" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_price_lines_booking_idx" ON "booking_price_lines" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "bookings_user_created_idx" ON "bookings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_professional_pending_idx" ON "bookings" USING btree ("professional_id","scheduled_start") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bookings_professional_start_idx" ON "bookings" USING btree ("professional_id","scheduled_start" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_completed_idx" ON "bookings" USING btree ("completed_at") WHERE "bookings"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref") WHERE "payments"."provider_ref" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_professional_created_idx" ON "payouts" USING btree ("professional_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_customer_updated_idx" ON "conversations" USING btree ("customer_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_professional_updated_idx" ON "conversations" USING btree ("professional_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_professional_created_idx" ON "reviews" USING btree ("professional_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_professional_rating_idx" ON "reviews" USING btree ("professional_id","rating");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_status_run_at_idx" ON "scheduled_jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_kind_dedupe_idx" ON "scheduled_jobs" USING btree ("kind","dedupe_key") WHERE "scheduled_jobs"."dedupe_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sensitive_access_log_record_idx" ON "sensitive_access_log" USING btree ("table_name","record_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sensitive_access_log_actor_idx" ON "sensitive_access_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);