-- Issue 40: one index fewer written by every booking create. bookings_professional_pending_idx
-- (professional_id, scheduled_start) WHERE status = 'pending' answers nothing that
-- bookings_professional_status_start_idx (professional_id, status, scheduled_start; migration 0035) does
-- not answer as well: with professional_id and status = 'pending' fixed, its entries are in
-- scheduled_start order too. Every pending insert (each create) and every status change wrote both.
DROP INDEX IF EXISTS "bookings_professional_pending_idx";
