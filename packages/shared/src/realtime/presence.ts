/**
 * Presence ("Online"): a user is online while at least one of their connections is open on any
 * server instance. Each instance records its connected users in the database with a heartbeat
 * (docs/decisions/0012-realtime-contract.md); an instance that dies stops refreshing its rows, which
 * expire after PRESENCE_TTL_SECONDS.
 *
 * To hear a user's changes, a client joins `presence:<userId>` (allowed when a capability's room
 * authoriser says so: chat allows the other party of a conversation); `presence.changed` is sent to
 * that room when the user comes online or goes offline.
 */
export const presenceRoom = (userId: string) => `presence:${userId}` as const;

/** An instance refreshes its rows this often. */
export const PRESENCE_HEARTBEAT_SECONDS = 20;
/** A row not refreshed for this long no longer counts (its instance is gone). */
export const PRESENCE_TTL_SECONDS = 60;

export interface PresenceServerEvents {
  'presence.changed': { userId: string; online: boolean };
}
