/**
 * The realtime channel (STYLE.md rule 7): one typed map of the events the server pushes over the
 * WebSocket `GET /api/ws`, shared by the server and the web app.
 *
 * Connecting: open `ws(s)://<host>/api/ws` from the web app (the session cookie goes with it) or
 * `/api/ws?token=<session token>` from other clients. The server answers the handshake with 401
 * when there is no valid session and 403 when the Origin is not the site's. Once open, the server
 * sends `ready`, then the events of the rooms the user is in (their own room `user:<id>`).
 *
 * Messages are JSON text frames `{"event": <name>, "data": <payload>}`. The server pings every
 * 25 s (browsers answer by themselves); a client may also send the text `ping` and gets a `pong`
 * event back, to detect a dead connection from its side.
 *
 * Events say that something changed, not the whole new state: on an event the client re-fetches
 * what it shows (e.g. GET /api/bookings). Events sent while a client was disconnected are not
 * replayed, so a client MUST re-fetch its data after every (re)connection, i.e. on `ready`.
 */
import type { BookingPaymentStatus, BookingStatus } from './domain/constants';
import type { BookingAction } from './domain/booking-status';

/** The PostgreSQL NOTIFY channel that carries events between server instances. */
export const REALTIME_CHANNEL = 'realtime';

/** WebSocket path. */
export const REALTIME_PATH = '/api/ws';

/** Seconds between server pings; a connection that misses two is closed. */
export const REALTIME_HEARTBEAT_SECONDS = 25;

/** A booking changed: status, payment or time. */
export interface BookingEventData {
  bookingId: string;
  /** First 8 characters of the id, upper case. */
  reference: string;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  /** UTC instant (ISO 8601); shown in Africa/Casablanca ("Your booking on {date} has been {status}."). */
  scheduledStart: string;
  /** The start's date on the Casablanca wall clock (YYYY-MM-DD), computed by the server. */
  localDate: string;
  /** What happened; `created` for a new booking, `paid` / `payment_failed` for payments. */
  action: BookingAction | 'created' | 'paid';
}

/** Server -> client events and their payloads. */
export interface RealtimeEventMap {
  /** Sent once when the connection is open: re-fetch now (events may have been missed). */
  ready: { userId: string };
  /** Answer to the client's text frame `ping`. */
  pong: { at: string };
  /** A booking was created by this user (another tab or device should list it). */
  'booking.created': BookingEventData;
  /** A booking of this user (as customer or assigned professional) changed. */
  'booking.updated': BookingEventData;
}

export type RealtimeEventName = keyof RealtimeEventMap;

/** One frame as the client receives it. */
export type RealtimeMessage = { [E in RealtimeEventName]: { event: E; data: RealtimeEventMap[E] } }[RealtimeEventName];

/** Close codes the server uses (4000-4999 are application codes). */
export const REALTIME_CLOSE_CODES = {
  /** The session ended (signed out or expired): sign in again before reconnecting. */
  unauthenticated: 4401,
  /** The server is shutting down: reconnect with backoff. */
  goingAway: 1001,
} as const;

/** Room of one user; every connection of the user joins it. Chat adds `conversation:<id>` rooms. */
export const userRoom = (userId: string) => `user:${userId}` as const;
