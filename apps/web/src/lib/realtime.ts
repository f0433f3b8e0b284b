/**
 * The realtime client: one WebSocket to `/api/ws` (same origin; the session cookie authenticates the
 * handshake), typed by the event map in @khedma/shared/realtime, reconnecting with exponential
 * backoff capped at 30 s (docs/README.md "retry backoff up to 30 s").
 *
 * The server does not replay events missed while disconnected, so the owner re-fetches on every
 * `ready` (each successful (re)connection), and on `resync` (the server itself missed events: its
 * database connection dropped and came back) every query re-fetches (invalidateOnResync).
 * Chat uses it too: `send` for its client events (typing) and `join` for its rooms, joined again on every `ready`.
 */
import {
  REALTIME_CLOSE_CODES,
  REALTIME_HEARTBEAT_SECONDS,
  REALTIME_PATH,
  type RealtimeClientEventMap,
  type RealtimeClientEventName,
  type RealtimeEventMap,
  type RealtimeEventName,
  type RealtimeMessage,
} from '@khedma/shared/realtime';

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * Delay before reconnection attempt `attempt` (0 for the first retry): 1 s, 2 s, 4 s ... capped at
 * 30 s, with "equal jitter" (half fixed, half random) so a server restart does not bring every
 * client back in the same millisecond.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(exp / 2 + (exp / 2) * random());
}

/** Parses one text frame; anything that is not `{event, data}` with a string event is ignored. */
export function parseRealtimeMessage(raw: unknown): RealtimeMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && typeof (value as { event?: unknown }).event === 'string' && 'data' in value) {
      return value as RealtimeMessage;
    }
  } catch {
    // not JSON: ignore
  }
  return null;
}

/** ws:// or wss:// URL of the endpoint for a page at `location`. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
}

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

type Listener<E extends RealtimeEventName> = (data: RealtimeEventMap[E]) => void;

/** What the client needs from the environment; tests pass fakes. */
export interface RealtimeEnvironment {
  createSocket: (url: string) => WebSocketLike;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random: () => number;
  now: () => number;
}

/** The part of the browser WebSocket used here. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;
/** Client-side liveness check: ask for a pong every heartbeat; silence for two means a dead link. */
const HEARTBEAT_MS = REALTIME_HEARTBEAT_SECONDS * 1000;

export class RealtimeClient {
  private socket: WebSocketLike | null = null;
  private attempt = 0;
  private stopped = true;
  private reconnectTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private lastMessageAt = 0;
  private readonly listeners = new Map<RealtimeEventName, Set<(data: unknown) => void>>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private status: RealtimeStatus = 'closed';
  /** Rooms joined by the page (reference counted), joined again on every (re)connection. */
  private readonly rooms = new Map<string, number>();

  constructor(
    private readonly url: string,
    private readonly env: RealtimeEnvironment,
  ) {}

  /** Opens the connection (and keeps it open until `stop`). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.connect();
  }

  /** Closes the connection for good (sign-out, unmount). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'client stopped');
    }
    this.setStatus('closed');
  }

  /** Reconnects now if the connection is down (the browser came back online, the tab became visible). */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    this.clearTimers();
    this.connect();
  }

  on<E extends RealtimeEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (data: unknown) => void);
    return () => set.delete(listener as (data: unknown) => void);
  }

  /**
   * Sends a client event (validated again by the server). Dropped when the connection is not open:
   * events a client sends are momentary (typing), and rooms are joined again on `ready`.
   */
  send<E extends RealtimeClientEventName>(event: E, data: RealtimeClientEventMap[E]): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify({ event, data }));
      return true;
    } catch {
      return false;
    }
  }

  /** Joins a room (`conversation:<id>`, `presence:<userId>`) for as long as the returned function is not called. */
  join(room: string): () => void {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    if (count === 0) this.send('room.join', { room });
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const n = (this.rooms.get(room) ?? 1) - 1;
      if (n > 0) this.rooms.set(room, n);
      else {
        this.rooms.delete(room);
        this.send('room.leave', { room });
      }
    };
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  get currentStatus(): RealtimeStatus {
    return this.status;
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.status) return;
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private connect() {
    this.setStatus('connecting');
    let socket: WebSocketLike;
    try {
      socket = this.env.createSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.lastMessageAt = this.env.now();
      this.setStatus('open');
      this.startHeartbeat();
    };
    socket.onmessage = (event) => {
      this.lastMessageAt = this.env.now();
      const message = parseRealtimeMessage(event.data);
      if (!message) return;
      // A working connection: the next outage starts the backoff from the beginning again.
      if (message.event === 'ready') {
        this.attempt = 0;
        // A new connection is in its user's room only: the page's rooms are joined again.
        for (const room of this.rooms.keys()) this.send('room.join', { room });
      }
      const set = this.listeners.get(message.event);
      if (set) for (const l of [...set]) l(message.data);
    };
    socket.onerror = () => {
      // A close event always follows; reconnection is handled there.
    };
    socket.onclose = (event) => {
      this.socket = null;
      this.clearTimers();
      this.setStatus('closed');
      // Signed out on the server: reconnecting would only be refused again.
      if (event.code === REALTIME_CLOSE_CODES.unauthenticated) {
        this.stopped = true;
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt, this.env.random);
    this.attempt += 1;
    this.reconnectTimer = this.env.setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private startHeartbeat() {
    const tick = () => {
      const socket = this.socket;
      if (!socket || socket.readyState !== OPEN) return;
      if (this.env.now() - this.lastMessageAt > 2 * HEARTBEAT_MS) {
        // No frame (not even the server's pings are visible to us, but our pongs are) for too long.
        socket.close(4000, 'heartbeat timeout');
        return;
      }
      try {
        socket.send('ping');
      } catch {
        // closing; onclose reconnects
      }
      this.heartbeatTimer = this.env.setTimeout(tick, HEARTBEAT_MS);
    };
    this.heartbeatTimer = this.env.setTimeout(tick, HEARTBEAT_MS);
  }

  private clearTimers() {
    if (this.reconnectTimer !== null) this.env.clearTimeout(this.reconnectTimer);
    if (this.heartbeatTimer !== null) this.env.clearTimeout(this.heartbeatTimer);
    this.reconnectTimer = null;
    this.heartbeatTimer = null;
  }
}

/** The part of TanStack Query's QueryClient used here. */
export interface Invalidates {
  invalidateQueries(): Promise<unknown>;
}

/**
 * On `resync` every query is marked stale and the ones on screen re-fetch: the server cannot say
 * what it missed, so everything shown may be behind. Returns the unsubscribe function.
 */
export function invalidateOnResync(client: RealtimeClient, queryClient: Invalidates): () => void {
  return client.on('resync', () => void queryClient.invalidateQueries());
}

/** The browser environment. */
export function browserRealtimeEnvironment(): RealtimeEnvironment {
  return {
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    random: Math.random,
    now: Date.now,
  };
}

let shared: RealtimeClient | null = null;

/** The page's one realtime client (created on first use; started by the app for signed-in users). */
export function getRealtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient(realtimeUrl(window.location), browserRealtimeEnvironment());
  return shared;
}
