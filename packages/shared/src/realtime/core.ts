/**
 * The realtime channel's own events (every capability's events are in the files beside this one).
 *
 * Connecting: open `ws(s)://<host>/api/ws` from the web app (the session cookie goes with it) or
 * `/api/ws?token=<session token>` from other clients. The server answers the handshake with 401
 * when there is no valid session and 403 when the Origin is not the site's. Once open, the server
 * sends `ready`, then the events of the rooms the connection is in: its user's room `user:<id>`
 * always, other rooms once joined (`room.join`, authorised on the server by the capability that owns
 * the room kind).
 *
 * Frames are JSON text `{"event": <name>, "data": <payload>}`, both ways. The server pings every
 * 25 s (browsers answer by themselves); a client may also send `{"event":"ping","data":{}}` (or the
 * bare text `ping`) and gets a `pong` event back. A client frame that is not a known event with a
 * valid payload is answered with an `error` event and otherwise ignored; frames beyond the rate
 * limit are dropped (the connection stays open).
 *
 * Events say that something changed, not the whole new state: on an event the client re-fetches
 * what it shows. Events sent while a client was disconnected are not replayed, so a client MUST
 * re-fetch its data on `ready` (each (re)connection) and on `resync` (the server itself missed
 * events, e.g. its database connection dropped and came back).
 */
import { z } from 'zod';

/** The PostgreSQL NOTIFY channel that carries events between server instances. */
export const REALTIME_CHANNEL = 'realtime';
/** The NOTIFY channel of the realtime channel's own control messages (sessions ended, presence). */
export const REALTIME_CONTROL_CHANNEL = 'realtime_control';

/** WebSocket path. */
export const REALTIME_PATH = '/api/ws';

/** Seconds between server pings; a connection that misses two is closed. */
export const REALTIME_HEARTBEAT_SECONDS = 25;

/** Client frames a connection may send per second (a burst of twice that is allowed); the rest are dropped. */
export const REALTIME_CLIENT_RATE_PER_SECOND = 10;

/** Close codes the server uses (4000-4999 are application codes). */
export const REALTIME_CLOSE_CODES = {
  /** The session ended (signed out, revoked or expired): sign in again before reconnecting. */
  unauthenticated: 4401,
  /** The server is shutting down: reconnect with backoff. */
  goingAway: 1001,
} as const;

/** A room: `<kind>:<id>` (`user:<uuid>`, `conversation:<uuid>`, `presence:<uuid>`). */
export const roomSchema = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z_]{0,30}:[A-Za-z0-9_-]{1,64}$/, 'Invalid room');
export type Room = z.infer<typeof roomSchema>;

/** The kind and id of a valid room name. */
export function parseRoom(room: string): { kind: string; id: string } | null {
  if (!roomSchema.safeParse(room).success) return null;
  const i = room.indexOf(':');
  return { kind: room.slice(0, i), id: room.slice(i + 1) };
}

/** Room of one user; every connection of the user is in it from the start (no join). */
export const userRoom = (userId: string) => `user:${userId}` as const;

/** Server -> client events of the channel itself. */
export interface CoreServerEvents {
  /** Sent once when the connection is open: re-fetch now (events may have been missed). */
  ready: { userId: string };
  /** Answer to the client's `ping`. */
  pong: { at: string };
  /** The server may have missed events (its database connection dropped and came back): re-fetch now. */
  resync: { reason: 'reconnected' };
  /** A client frame was refused (invalid, unknown, or a room the user may not join). */
  error: { code: 'VALIDATION_FAILED' | 'FORBIDDEN' | 'NOT_FOUND'; message: string; event?: string };
  /** Answer to `room.join`: from now on this connection receives the room's events. */
  'room.joined': { room: string };
  /** Answer to `room.leave`. */
  'room.left': { room: string };
}

/** Client -> server events of the channel itself, with their payload schemas (validated on the server). */
export const coreClientEvents = {
  ping: z.object({}).strict(),
  'room.join': z.object({ room: roomSchema }).strict(),
  'room.leave': z.object({ room: roomSchema }).strict(),
};
