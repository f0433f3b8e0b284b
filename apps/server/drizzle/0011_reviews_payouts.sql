-- Reviews, earnings and payouts (issue 27).

-- 1. The professional's one public reply to a review.
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamptz;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_check" CHECK (("reply" IS NULL) = ("replied_at" IS NULL));--> statement-breakpoint

-- 2. "Was this helpful?": one vote per user and review; reviews.helpful_count counts them.
CREATE TABLE "review_helpful_votes" (
  "review_id" uuid NOT NULL REFERENCES "reviews"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "review_helpful_votes_pk" PRIMARY KEY ("review_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "review_helpful_votes_user_idx" ON "review_helpful_votes" ("user_id");--> statement-breakpoint

-- 3. Payouts: who marked one paid, the ledger transaction that moved the money out, and at most one
--    pending payout per professional (a second request while one is pending is refused).
ALTER TABLE "payouts" ADD COLUMN "paid_by" text REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_check" CHECK (("status" = 'paid') = ("paid_at" IS NOT NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_pending_idx" ON "payouts" ("professional_id") WHERE "status" = 'pending';--> statement-breakpoint
-- Admins list pending payouts oldest first.
CREATE INDEX "payouts_status_created_idx" ON "payouts" ("status", "created_at");
