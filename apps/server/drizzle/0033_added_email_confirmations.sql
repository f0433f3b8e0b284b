-- A phone account adds its email from the profile (issue 42, docs/accounts.md#email-of-a-phone-account):
-- the link of email_confirmations then carries the address it confirms (null: a sign-up's own address).
ALTER TABLE "email_confirmations" ADD COLUMN "email" text;
