-- Extensions the schema relies on: trigram search indexes (pg_trgm), the bookings exclusion
-- constraint on (professional_id WITH =) (btree_gist), case-insensitive emails (citext).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
