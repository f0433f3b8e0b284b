/**
 * Realtime: one WebSocket endpoint (GET /api/ws), rooms per user, and fan-out through PostgreSQL
 * LISTEN/NOTIFY so that every server instance on the same database delivers an event to its own
 * connected clients. On PGlite NOTIFY is delivered in process: the same code path.
 *
 *   service --publish--> NOTIFY realtime {rooms, event, data} --> every instance LISTENs
 *     --> sockets of those rooms on this instance --> {"event", "data"} text frame
 *
 * The handshake is authenticated with the session (cookie, `Authorization: Bearer`, or `?token=` for
 * clients that cannot set headers on a WebSocket) and the Origin is checked against the same trusted
 * origins as the REST API (http/origins.ts): 401 / 403 answer the upgrade request otherwise.
 * The event map and the client contract (re-fetch on `ready`) are in packages/shared/src/realtime.ts.
 */
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  REALTIME_CHANNEL,
  REALTIME_CLOSE_CODES,
  REALTIME_HEARTBEAT_SECONDS,
  REALTIME_PATH,
  userRoom,
  type RealtimeEventMap,
  type RealtimeEventName,
} from '@khedma/shared/realtime';
import type { SessionUser } from '@khedma/shared';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { trustedOrigins } from '../http/origins';
import { signedIn } from '../http/openapi';

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

/** Publishes events (any module, any instance) and delivers them to this instance's sockets. */
export class RealtimeHub {
  private readonly rooms = new Map<string, Set<RealtimeSocket>>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Pick<Database, 'listen' | 'notify'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, (payload) => this.deliver(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    for (const sockets of this.rooms.values()) {
      for (const s of sockets) s.close(REALTIME_CLOSE_CODES.goingAway, 'server shutting down');
    }
    this.rooms.clear();
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
   * `event` for these users as a NOTIFY to run inside the caller's own statement or transaction, so
   * that it is sent when, and only if, the change it announces commits. Null when too large (logged).
   */
  notification<E extends RealtimeEventName>(userIds: readonly string[], event: E, data: RealtimeEventMap[E]): RealtimeNotification | null {
    const payload = this.envelope([...new Set(userIds)].map(userRoom), event, data);
    return payload === null ? null : { channel: REALTIME_CHANNEL, payload };
  }

  private envelope(rooms: readonly string[], event: RealtimeEventName, data: unknown): string | null {
    const payload = JSON.stringify({ rooms: [...rooms], event, data } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.log.error({ event }, 'realtime payload too large, not sent');
      return null;
    }
    return payload;
  }

  join(socket: RealtimeSocket, room: string): void {
    let set = this.rooms.get(room);
    if (!set) this.rooms.set(room, (set = new Set()));
    set.add(socket);
  }

  leaveAll(socket: RealtimeSocket): void {
    for (const [room, set] of this.rooms) {
      set.delete(socket);
      if (set.size === 0) this.rooms.delete(room);
    }
  }

  /** Connections on this instance (tests, health). */
  get connectionCount(): number {
    const all = new Set<RealtimeSocket>();
    for (const set of this.rooms.values()) for (const s of set) all.add(s);
    return all.size;
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
      }
    }
  }
}

export function sendEvent<E extends RealtimeEventName>(socket: RealtimeSocket, event: E, data: RealtimeEventMap[E]): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify({ event, data }));
}

/** The session of a handshake: cookie or bearer header, else `?token=`. */
async function handshakeUser(req: FastifyRequest): Promise<SessionUser | null> {
  const fromHeaders = await req.server.sessions.resolve(req);
  if (fromHeaders) return fromHeaders;
  const token = (req.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token.length === 0 || token.length > 512) return null;
  return req.server.sessions.resolve({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest);
}

/** Starts `ctx.realtime` (built by AppContext) and serves GET /api/ws. */
export const realtimePlugin: FastifyPluginAsync<{ ctx: AppContext; heartbeatMs?: number }> = async (app, { ctx, heartbeatMs }) => {
  const hub = ctx.realtime;
  await hub.start();
  // The same origins as the REST API's checks (http/origins.ts): a page that can sign in can connect.
  const origins = new Set(trustedOrigins(ctx.config));

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
      summary: 'WebSocket of live events (booking.updated ...); see packages/shared/src/realtime.ts',
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
      const user = await handshakeUser(req);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      req.user = user;
    },
    handler: async (_req, reply) => reply.code(426).send({ error: { code: 'VALIDATION_FAILED', message: 'Upgrade to a WebSocket.' } }),
    wsHandler: (raw, req) => {
      const socket = raw as unknown as RealtimeSocket;
      const user = req.user;
      sockets.add(socket);
      alive.set(socket, true);
      hub.join(socket, userRoom(user.id));
      socket.on('pong', () => alive.set(socket, true));
      socket.on('message', (data) => {
        alive.set(socket, true);
        if (String(data).trim() === 'ping') sendEvent(socket, 'pong', { at: new Date().toISOString() });
      });
      socket.on('close', () => {
        sockets.delete(socket);
        hub.leaveAll(socket);
      });
      sendEvent(socket, 'ready', { userId: user.id });
    },
  });
};
(realtimePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
