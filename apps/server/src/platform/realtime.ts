/**
 * Realtime: one WebSocket endpoint (GET /api/ws), rooms, and fan-out through PostgreSQL
 * LISTEN/NOTIFY so that every server instance on the same database delivers an event to its own
 * connected clients. On PGlite NOTIFY is delivered in process: the same code path.
 *
 *   service --publish--> NOTIFY realtime {rooms, event, data} --> every instance LISTENs
 *     --> sockets of those rooms on this instance --> {"event", "data"} text frame
 *
 * The handshake is authenticated with the session (cookie, `Authorization: Bearer`, or `?token=` for
 * clients that cannot set headers on a WebSocket) and the Origin is checked against the same trusted
 * origins as the REST API (http/origins.ts): 401 / 403 answer the upgrade request otherwise.
 * Client frames are validated with the shared zod schemas; a room other than the user's own is joined
 * only when the capability that registered its kind says yes (`registerRoomKind`). A deleted session
 * (sign-out, revocation: a trigger NOTIFYs `realtime_control`) closes its sockets on every instance.
 * When the database connection that LISTENs drops and comes back, every socket is told `resync`.
 * The contract (events both ways, what a client must do) is in packages/shared/src/realtime/;
 * the choices are in docs/decisions/0012-realtime-contract.md.
 */
import websocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  parseClientFrame,
  parseRoom,
  presenceRoom,
  PRESENCE_HEARTBEAT_SECONDS,
  REALTIME_CHANNEL,
  REALTIME_CLIENT_RATE_PER_SECOND,
  REALTIME_CLOSE_CODES,
  REALTIME_CONTROL_CHANNEL,
  REALTIME_HEARTBEAT_SECONDS,
  REALTIME_PATH,
  userRoom,
  type RealtimeClientEventMap,
  type RealtimeClientEventName,
  type RealtimeEventMap,
  type RealtimeEventName,
} from '@khedma/shared/realtime';
import type { SessionUser } from '@khedma/shared';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { AppError } from '../http/errors';
import { trustedOrigins } from '../http/origins';
import { signedIn } from '../http/openapi';
import { coalesce } from './coalesce';
import { rowsOf } from './jobs';
import { metrics } from './metrics';
import { PresenceTracker } from './presence';

/** The part of a `ws` WebSocket the hub uses (the package ships no types here). */
export interface RealtimeSocket {
  readyState: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'pong' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer | string) => void): void;
}

const OPEN = 1;
/** NOTIFY payloads are limited to 8000 bytes; events carry ids, not documents. */
const MAX_PAYLOAD_BYTES = 7_900;
/** Rooms one connection may be in (its user room included): a client cannot grow the server's memory. */
const MAX_ROOMS_PER_SOCKET = 200;

/** A NOTIFY on the realtime channel (`select pg_notify(channel, payload)`), built by RealtimeHub.notification. */
export interface RealtimeNotification {
  channel: string;
  payload: string;
}

interface Envelope {
  rooms: string[];
  event: RealtimeEventName;
  data: unknown;
}

/** Control messages between instances (the `realtime_control` channel). */
type ControlMessage =
  | { type: 'session.ended'; sessionId: string; userId: string }
  /** `userId` lost the right that let them join `room` (revokeNotification): their sockets leave it. */
  | { type: 'room.revoked'; room: string; userId: string };

/** One open connection: its socket, user and session. */
export interface RealtimeConnection {
  socket: RealtimeSocket;
  user: SessionUser;
  sessionId: string | null;
  send<E extends RealtimeEventName>(event: E, data: RealtimeEventMap[E]): void;
}

/** Whether `user` may join room `<kind>:<id>`; registered by the capability that owns the kind. */
export type RoomAuthorizer = (user: SessionUser, id: string) => boolean | Promise<boolean>;
export type ClientEventHandler<E extends RealtimeClientEventName> = (conn: RealtimeConnection, data: RealtimeClientEventMap[E]) => void | Promise<void>;

/** A token bucket per connection: bursts up to `capacity`, `rate` frames a second after that. */
class FrameBudget {
  private tokens: number;
  private at = Date.now();
  constructor(
    private readonly rate: number,
    private readonly capacity = rate * 2,
  ) {
    this.tokens = capacity;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export interface RealtimeHubOptions {
  /** Seconds between presence refreshes (tests shorten it). */
  presenceHeartbeatSeconds?: number;
  presenceTtlSeconds?: number;
}

/** Publishes events (any module, any instance) and delivers them to this instance's sockets. */
export class RealtimeHub {
  /** room -> sockets, and its inverse socket -> rooms (leaving is per socket, not a scan of every room). */
  private readonly rooms = new Map<string, Set<RealtimeSocket>>();
  private readonly socketRooms = new Map<RealtimeSocket, Set<string>>();
  private readonly connections = new Map<RealtimeSocket, RealtimeConnection>();
  private readonly sessions = new Map<string, Set<RealtimeSocket>>();
  private readonly roomKinds = new Map<string, RoomAuthorizer>();
  private readonly clientHandlers = new Map<string, ClientEventHandler<never>>();
  private readonly unlisten: Array<() => Promise<void>> = [];
  private presenceTimer: NodeJS.Timeout | undefined;
  readonly presence: PresenceTracker;

  constructor(
    private readonly database: Pick<Database, 'listen' | 'notify'> & { db: Db },
    private readonly log: FastifyBaseLogger,
    private readonly options: RealtimeHubOptions = {},
  ) {
    this.presence = new PresenceTracker(database.db, log, {
      ttlSeconds: options.presenceTtlSeconds,
      onChange: (userId, online) => void this.toRooms([presenceRoom(userId)], 'presence.changed', { userId, online }),
    });
  }

  async start(): Promise<void> {
    this.unlisten.push(
      await this.database.listen(REALTIME_CHANNEL, (payload) => this.deliver(payload), {
        // The LISTEN connection dropped and is back: events published meanwhile never reached us.
        onRestored: () => this.resyncAll(),
      }),
      await this.database.listen(REALTIME_CONTROL_CHANNEL, (payload) => this.control(payload), {
        // A session ended while we were deaf is still refused at the next handshake; the sockets it
        // already had are checked again now.
        onRestored: () => void this.recheckSessions(),
      }),
    );
    const every = (this.options.presenceHeartbeatSeconds ?? PRESENCE_HEARTBEAT_SECONDS) * 1000;
    this.presenceTimer = setInterval(() => void this.presence.heartbeat(), every);
    this.presenceTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.presenceTimer);
    for (const off of this.unlisten.splice(0)) await off();
    for (const socket of [...this.connections.keys()]) socket.close(REALTIME_CLOSE_CODES.goingAway, 'server shutting down');
    this.rooms.clear();
    this.socketRooms.clear();
    this.connections.clear();
    this.sessions.clear();
    await this.presence.stop();
  }

  /** A capability says who may join its rooms `<kind>:<id>` (chat: `conversation`, `presence`). */
  registerRoomKind(kind: string, authorize: RoomAuthorizer): void {
    if (kind === 'user') throw new Error('user rooms are joined at the handshake only');
    if (this.roomKinds.has(kind)) throw new Error(`room kind ${kind} is already registered`);
    this.roomKinds.set(kind, authorize);
  }

  /** A capability handles one of its client events (declared with its schema in packages/shared/src/realtime/). */
  onClientEvent<E extends RealtimeClientEventName>(event: E, handler: ClientEventHandler<E>): void {
    if (event === 'ping' || event === 'room.join' || event === 'room.leave') throw new Error(`${event} is handled by the hub`);
    this.clientHandlers.set(event, handler as ClientEventHandler<never>);
  }

  /** Sends `event` to every connection of these users, on every instance. Never throws. */
  async toUsers<E extends RealtimeEventName>(userIds: readonly string[], event: E, data: RealtimeEventMap[E]): Promise<void> {
    const rooms = [...new Set(userIds)].map(userRoom);
    if (rooms.length) await this.toRooms(rooms, event, data);
  }

  async toRooms<E extends RealtimeEventName>(rooms: readonly string[], event: E, data: RealtimeEventMap[E]): Promise<void> {
    const payload = this.envelope(rooms, event, data);
    if (payload === null) return;
    try {
      await this.database.notify(REALTIME_CHANNEL, payload);
    } catch (err) {
      // A lost event costs a live update, not data: clients re-fetch on reconnect.
      this.log.warn({ err, event }, 'realtime publish failed');
    }
  }

  /**
   * Sends a NOTIFY built by `notification` once the change it announces has committed, rather than in its
   * transaction: on PostgreSQL a transaction that NOTIFYs holds the server's one notify lock from the start of
   * its commit to its end, WAL flush included, so every such commit waits for the one before it to reach
   * the disk (docs/decisions/0033-booking-created-event-after-commit.md). The NOTIFYs that arrive meanwhile
   * go out in one statement (platform/coalesce.ts), which writes no WAL; an identical event in the same
   * batch is delivered once (PostgreSQL folds duplicates in one transaction). Never throws.
   */
  async publishCommitted(n: RealtimeNotification): Promise<void> {
    try {
      await this.committed(n);
    } catch (err) {
      // A lost event costs a live update, not data: clients re-fetch on reconnect.
      this.log.warn({ err, channel: n.channel }, 'realtime publish failed');
    }
  }

  private readonly committed = coalesce<RealtimeNotification>(async (items) => {
    await this.database.db.execute(
      sql`select pg_notify(x.channel, x.payload) from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(channel text, payload text)`,
    );
  });

  /**
   * `event` for these users as a NOTIFY to run inside the caller's own statement or transaction, so
   * that it is sent when, and only if, the change it announces commits. Null when too large (logged).
   */
  notification<E extends RealtimeEventName>(userIds: readonly string[], event: E, data: RealtimeEventMap[E]): RealtimeNotification | null {
    const payload = this.envelope([...new Set(userIds)].map(userRoom), event, data);
    return payload === null ? null : { channel: REALTIME_CHANNEL, payload };
  }

  /** As `notification`, for any rooms (`conversation:<id>` ...): a NOTIFY for the caller's own statement. */
  roomsNotification<E extends RealtimeEventName>(rooms: readonly string[], event: E, data: RealtimeEventMap[E]): RealtimeNotification | null {
    const payload = this.envelope([...new Set(rooms)], event, data);
    return payload === null ? null : { channel: REALTIME_CHANNEL, payload };
  }

  /**
   * A NOTIFY for the caller's own transaction that makes every instance take `userId`'s sockets out of
   * `room`, once the change that took their right to it commits (a room is authorised when joined,
   * not at each event). They may ask to join again, and are refused by the room's authoriser.
   */
  revokeNotification(room: string, userId: string): RealtimeNotification {
    return { channel: REALTIME_CONTROL_CHANNEL, payload: JSON.stringify({ type: 'room.revoked', room, userId } satisfies ControlMessage) };
  }

  /** This instance's sockets of `userId` leave `room`. */
  revoke(room: string, userId: string): void {
    for (const socket of [...(this.rooms.get(room) ?? [])]) {
      if (this.connections.get(socket)?.user.id === userId) this.leave(socket, room);
    }
  }

  private envelope(rooms: readonly string[], event: RealtimeEventName, data: unknown): string | null {
    const payload = JSON.stringify({ rooms: [...rooms], event, data } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.log.error({ event }, 'realtime payload too large, not sent');
      return null;
    }
    return payload;
  }

  /** A socket whose handshake was accepted: it joins its user's room and is counted present. */
  attach(socket: RealtimeSocket, user: SessionUser, sessionId: string | null): RealtimeConnection {
    const conn: RealtimeConnection = { socket, user, sessionId, send: (event, data) => sendEvent(socket, event, data) };
    this.connections.set(socket, conn);
    metrics.wsConnectionsOpened.inc();
    if (sessionId) {
      let set = this.sessions.get(sessionId);
      if (!set) this.sessions.set(sessionId, (set = new Set()));
      set.add(socket);
    }
    this.join(socket, userRoom(user.id));
    void this.presence.connected(user.id);
    const budget = new FrameBudget(REALTIME_CLIENT_RATE_PER_SECOND);
    socket.on('message', (data) => {
      metrics.wsMessages.inc({ direction: 'in' });
      // Over budget: dropped without an answer (answering a flood is more flood).
      if (!budget.take()) return;
      void this.onFrame(conn, String(data));
    });
    socket.on('close', () => this.detach(socket));
    return conn;
  }

  private detach(socket: RealtimeSocket) {
    const conn = this.connections.get(socket);
    if (!conn) return;
    this.connections.delete(socket);
    if (conn.sessionId) {
      const set = this.sessions.get(conn.sessionId);
      set?.delete(socket);
      if (set?.size === 0) this.sessions.delete(conn.sessionId);
    }
    this.leaveAll(socket);
    void this.presence.disconnected(conn.user.id);
  }

  private async onFrame(conn: RealtimeConnection, raw: string) {
    const frame = parseClientFrame(raw);
    if (!frame.ok) {
      conn.send('error', { code: 'VALIDATION_FAILED', message: frame.message, ...(frame.event ? { event: frame.event } : {}) });
      return;
    }
    try {
      switch (frame.event) {
        case 'ping':
          conn.send('pong', { at: new Date().toISOString() });
          return;
        case 'room.join':
          await this.joinRequested(conn, (frame.data as RealtimeClientEventMap['room.join']).room);
          return;
        case 'room.leave': {
          const { room } = frame.data as RealtimeClientEventMap['room.leave'];
          if (room !== userRoom(conn.user.id)) this.leave(conn.socket, room);
          conn.send('room.left', { room });
          return;
        }
        default: {
          // A capability's event (chat's typing ...): its own handler, registered with onClientEvent.
          const { event, data } = frame as { event: string; data: unknown };
          const handler = this.clientHandlers.get(event);
          if (!handler) {
            conn.send('error', { code: 'NOT_FOUND', message: `Nothing handles ${event}.`, event });
            return;
          }
          await handler(conn, data as never);
        }
      }
    } catch (err) {
      this.log.error({ err, event: frame.event }, 'realtime client event failed');
    }
  }

  private async joinRequested(conn: RealtimeConnection, room: string) {
    const parsed = parseRoom(room);
    const refuse = (code: 'FORBIDDEN' | 'NOT_FOUND', message: string) => conn.send('error', { code, message, event: 'room.join' });
    if (!parsed) return refuse('NOT_FOUND', 'No such room.');
    if (parsed.kind === 'user') {
      if (parsed.id !== conn.user.id) return refuse('FORBIDDEN', 'You may not join this room.');
      return conn.send('room.joined', { room });
    }
    const authorize = this.roomKinds.get(parsed.kind);
    if (!authorize) return refuse('NOT_FOUND', 'No such room.');
    if ((this.socketRooms.get(conn.socket)?.size ?? 0) >= MAX_ROOMS_PER_SOCKET) return refuse('FORBIDDEN', 'Too many rooms on one connection.');
    if (!(await authorize(conn.user, parsed.id))) return refuse('FORBIDDEN', 'You may not join this room.');
    // Closed while the authoriser ran: nothing to join.
    if (!this.connections.has(conn.socket)) return;
    this.join(conn.socket, room);
    conn.send('room.joined', { room });
  }

  join(socket: RealtimeSocket, room: string): void {
    let set = this.rooms.get(room);
    if (!set) this.rooms.set(room, (set = new Set()));
    set.add(socket);
    let mine = this.socketRooms.get(socket);
    if (!mine) this.socketRooms.set(socket, (mine = new Set()));
    mine.add(room);
  }

  leave(socket: RealtimeSocket, room: string): void {
    const set = this.rooms.get(room);
    set?.delete(socket);
    if (set?.size === 0) this.rooms.delete(room);
    this.socketRooms.get(socket)?.delete(room);
  }

  leaveAll(socket: RealtimeSocket): void {
    for (const room of this.socketRooms.get(socket) ?? []) {
      const set = this.rooms.get(room);
      set?.delete(socket);
      if (set?.size === 0) this.rooms.delete(room);
    }
    this.socketRooms.delete(socket);
  }

  /** The rooms a socket is in (tests, diagnostics). */
  roomsOf(socket: RealtimeSocket): ReadonlySet<string> {
    return this.socketRooms.get(socket) ?? new Set();
  }

  /** Connections on this instance (tests, health). */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Closes this instance's sockets of a session that ended (its user must sign in again). */
  closeSession(sessionId: string): void {
    for (const socket of [...(this.sessions.get(sessionId) ?? [])]) {
      socket.close(REALTIME_CLOSE_CODES.unauthenticated, 'session ended');
      this.detach(socket);
    }
  }

  /** Tells every socket on this instance to re-fetch: events may have been missed. */
  private resyncAll(): void {
    this.log.warn({ connections: this.connections.size }, 'realtime listener restored; clients told to re-sync');
    for (const conn of this.connections.values()) conn.send('resync', { reason: 'reconnected' });
  }

  /** After a gap in listening: sessions deleted meanwhile close their sockets now. */
  private async recheckSessions(): Promise<void> {
    const ids = [...this.sessions.keys()];
    if (ids.length === 0) return;
    try {
      const alive = new Set(
        rowsOf<{ id: string }>(
          await this.database.db.execute(sql`select id from sessions where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
        ).map((r) => r.id),
      );
      for (const id of ids) if (!alive.has(id)) this.closeSession(id);
    } catch (err) {
      this.log.warn({ err }, 'realtime session recheck failed');
    }
  }

  private control(payload: string): void {
    let message: ControlMessage;
    try {
      message = JSON.parse(payload) as ControlMessage;
    } catch {
      return;
    }
    if (message?.type === 'session.ended' && typeof message.sessionId === 'string') this.closeSession(message.sessionId);
    else if (message?.type === 'room.revoked' && typeof message.room === 'string' && typeof message.userId === 'string') this.revoke(message.room, message.userId);
  }

  private deliver(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    const frame = JSON.stringify({ event: envelope.event, data: envelope.data });
    const sent = new Set<RealtimeSocket>();
    for (const room of envelope.rooms ?? []) {
      for (const socket of this.rooms.get(room) ?? []) {
        if (sent.has(socket) || socket.readyState !== OPEN) continue;
        sent.add(socket);
        socket.send(frame);
        metrics.wsMessages.inc({ direction: 'out' });
      }
    }
  }
}

export function sendEvent<E extends RealtimeEventName>(socket: RealtimeSocket, event: E, data: RealtimeEventMap[E]): void {
  if (socket.readyState !== OPEN) return;
  socket.send(JSON.stringify({ event, data }));
  metrics.wsMessages.inc({ direction: 'out' });
}

/** The session token of a handshake: cookie or bearer header, else `?token=`. */
function handshakeToken(sessions: HandshakeSessions, req: FastifyRequest): string | null {
  const carried = sessions.tokenOf(req);
  if (carried) return carried.token;
  const token = (req.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) return null;
  return sessions.tokenOf({ headers: { authorization: `Bearer ${token}` } })?.token ?? null;
}

/** The session of a handshake: cookie or bearer header, else `?token=`. */
async function handshakeUser(sessions: HandshakeSessions, req: FastifyRequest): Promise<SessionUser | null> {
  const fromHeaders = await sessions.resolve(req);
  if (fromHeaders) return fromHeaders;
  const token = (req.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) return null;
  return sessions.resolve({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest);
}

async function sessionIdOf(db: Db, token: string | null): Promise<string | null> {
  if (!token) return null;
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from sessions where token = ${token} and expires_at > now()`));
  return rows[0]?.id ?? null;
}

async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from sessions where id = ${sessionId}`)).length > 0;
}

const handshakeSessions = new WeakMap<FastifyRequest, string | null>();
const handshakeUsers = new WeakMap<FastifyRequest, SessionUser>();

/** Who a handshake is: auth's session lookup (modules/auth SessionResolver), handed over by app.ts. */
export interface HandshakeSessions {
  tokenOf(req: Pick<FastifyRequest, 'headers'>): { token: string | null } | null;
  resolve(req: FastifyRequest): Promise<SessionUser | null>;
}

/** Starts the hub (`ctx.realtime`, built by AppContext) and serves GET /api/ws; given only what it uses. */
export const realtimePlugin: FastifyPluginAsync<{
  hub: RealtimeHub;
  db: Db;
  config: Pick<Config, 'publicUrl' | 'isProduction'>;
  sessions: HandshakeSessions;
  heartbeatMs?: number;
}> = async (app, { hub, db, config, sessions, heartbeatMs }) => {
  await hub.start();
  // The same origins as the REST API's checks (http/origins.ts): a page that can sign in can connect.
  const origins = new Set(trustedOrigins(config));

  await app.register(websocket, { options: { maxPayload: 4096 } });
  const beatMs = heartbeatMs ?? REALTIME_HEARTBEAT_SECONDS * 1000;
  const alive = new WeakMap<RealtimeSocket, boolean>();
  const sockets = new Set<RealtimeSocket>();
  // Heartbeat: a socket that did not answer the previous ping is dead (laptop lid closed, network
  // gone): terminate it so its room entry does not leak.
  const heartbeat = setInterval(() => {
    for (const s of sockets) {
      if (alive.get(s) === false) {
        s.terminate();
        continue;
      }
      alive.set(s, false);
      try {
        s.ping();
      } catch {
        s.terminate();
      }
    }
  }, beatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await hub.stop();
  });

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: {
      tags: ['realtime'],
      summary: 'WebSocket of live events (booking.updated ...); see packages/shared/src/realtime/',
      security: signedIn,
      hide: false,
    },
    preValidation: async (req) => {
      const origin = req.headers.origin;
      // Browsers always send Origin on a WebSocket handshake; refuse other sites (cross-site
      // WebSocket hijacking). Clients without an Origin (mobile apps, tests) authenticate by token.
      if (origin !== undefined && !origins.has(origin)) {
        throw new AppError('FORBIDDEN', 'This origin may not open the realtime channel.');
      }
      const user = await handshakeUser(sessions, req);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      handshakeUsers.set(req, user);
      // The session's id, so that its end (sign-out, revocation) closes this socket.
      handshakeSessions.set(req, await sessionIdOf(db, handshakeToken(sessions, req)));
    },
    handler: async (_req, reply) => reply.code(426).send({ error: { code: 'VALIDATION_FAILED', message: 'Upgrade to a WebSocket.' } }),
    wsHandler: (raw, req) => {
      const socket = raw as unknown as RealtimeSocket;
      const user = handshakeUsers.get(req) as SessionUser;
      const sessionId = handshakeSessions.get(req) ?? null;
      sockets.add(socket);
      alive.set(socket, true);
      hub.attach(socket, user, sessionId);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('message', () => alive.set(socket, true));
      socket.on('close', () => sockets.delete(socket));
      sendEvent(socket, 'ready', { userId: user.id });
      // A sign-out between the handshake and now would have found no socket to close: check once more.
      if (sessionId) {
        void sessionExists(db, sessionId)
          .then((exists) => {
            if (!exists) hub.closeSession(sessionId);
          })
          .catch(() => {});
      }
    },
  });
};
(realtimePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
