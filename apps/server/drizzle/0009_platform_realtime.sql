-- Platform (decisions 0012-0015): presence across instances, sockets closed when their session ends,
-- and push notifications recorded in the outbox outside production.

-- Presence: one row per (instance, user) while the user has a connection open on that instance;
-- refreshed by the instance's heartbeat, ignored once older than the TTL (a dead instance's rows).
CREATE TABLE IF NOT EXISTS "realtime_presence" (
	"instance_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"connections" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_presence_pk" PRIMARY KEY ("instance_id", "user_id"),
	CONSTRAINT "realtime_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "realtime_presence_connections_check" CHECK ("connections" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "realtime_presence_user_idx" ON "realtime_presence" ("user_id");
--> statement-breakpoint
-- A session deleted by any path (sign-out, "revoke other sessions", password reset, the account
-- deleted) tells every instance, at commit, to close that session's sockets.
CREATE OR REPLACE FUNCTION "realtime_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('realtime_control', json_build_object('type', 'session.ended', 'sessionId', OLD.id, 'userId', OLD.user_id)::text);
	RETURN OLD;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_realtime_ended" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_realtime_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "realtime_session_ended"();
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT IF EXISTS "outbox_channel_check";
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" IN ('email', 'sms', 'push'));
