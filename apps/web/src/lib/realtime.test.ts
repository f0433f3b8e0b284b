import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateOnResync, parseRealtimeMessage, RealtimeClient, realtimeUrl, reconnectDelay, RECONNECT_MAX_MS, type WebSocketLike } from './realtime';
import { isOwnBookingAction, noteOwnBookingAction } from '../entities/booking/api';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  sent: string[] = [];
  closed = false;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  let clock = 0;
  const client = new RealtimeClient('ws://x/api/ws', {
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
    random: () => 1,
    now: () => clock,
  });
  const pending = () => timers.filter((t) => !t.cleared);
  const fireNext = () => {
    const t = pending()[0]!;
    t.cleared = true;
    clock += t.ms;
    t.fn();
    return t.ms;
  };
  return { client, sockets, timers, pending, fireNext };
}

describe('reconnectDelay', () => {
  it('doubles from 1 s and never waits more than 30 s', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelay(a, top))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    // Jitter keeps at least half of the delay.
    expect(reconnectDelay(3, () => 0)).toBe(4000);
    expect(reconnectDelay(50, Math.random)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  });
});

describe('RealtimeClient', () => {
  it('delivers typed events and reconnects with backoff after a drop', () => {
    const { client, sockets, pending, fireNext } = harness();
    const seen: string[] = [];
    client.on('booking.updated', (d) => seen.push(`${d.reference}:${d.status}`));
    let readies = 0;
    client.on('ready', () => readies++);
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive('ready', { userId: 'u1' });
    sockets[0]!.receive('booking.updated', { bookingId: 'b', reference: 'ABCD1234', status: 'confirmed', paymentStatus: 'paid', scheduledStart: '2026-11-23T10:00:00Z', action: 'accept' });
    expect(seen).toEqual(['ABCD1234:confirmed']);

    sockets[0]!.drop();
    expect(client.currentStatus).toBe('closed');
    expect(pending().map((t) => t.ms)).toEqual([1000]);
    fireNext();
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    expect(fireNext()).toBe(2000);
    sockets[2]!.open();
    sockets[2]!.receive('ready', { userId: 'u1' });
    // The client re-fetches on every (re)connection.
    expect(readies).toBe(2);
    // A working connection resets the backoff.
    sockets[2]!.drop();
    expect(pending().at(-1)!.ms).toBe(1000);
  });

  it('stops for good when the server says the session ended, and on stop()', () => {
    const { client, sockets, pending } = harness();
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(4401);
    expect(pending()).toHaveLength(0);

    const h = harness();
    h.client.start();
    h.sockets[0]!.open();
    h.client.stop();
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.pending()).toHaveLength(0);
  });

  it('pings while open and closes a silent connection', () => {
    const { client, sockets, fireNext } = harness();
    client.start();
    sockets[0]!.open();
    fireNext();
    expect(sockets[0]!.sent).toEqual(['ping']);
    fireNext();
    expect(sockets[0]!.closed).toBe(false);
    fireNext(); // 75 s without any frame (not even a pong)
    expect(sockets[0]!.closed).toBe(true);
  });

  it('ignores frames that are not events', () => {
    expect(parseRealtimeMessage('pong')).toBeNull();
    expect(parseRealtimeMessage('{"x":1}')).toBeNull();
    expect(parseRealtimeMessage(42)).toBeNull();
    expect(parseRealtimeMessage('{"event":"ready","data":{"userId":"u"}}')).toEqual({ event: 'ready', data: { userId: 'u' } });
  });

  it('a resync from the server marks every query stale (the ones on screen re-fetch)', () => {
    const { client, sockets } = harness();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['bookings', 'mine'], []);
    queryClient.setQueryData(['profile'], { name: 'x' });
    const off = invalidateOnResync(client, queryClient);
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive('ready', { userId: 'u1' });
    expect(queryClient.getQueryState(['profile'])?.isInvalidated).toBe(false);
    sockets[0]!.receive('resync', { reason: 'reconnected' });
    expect(queryClient.getQueryState(['profile'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['bookings', 'mine'])?.isInvalidated).toBe(true);
    off();
    client.stop();
  });

  it('builds the same-origin URL', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'khedma.ma' })).toBe('wss://khedma.ma/api/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3100' })).toBe('ws://127.0.0.1:3100/api/ws');
  });
});

describe('own booking actions', () => {
  it('are remembered for a few seconds so their echo is not toasted', () => {
    noteOwnBookingAction('b1', ['paid', 'payment_failed'], 1000);
    expect(isOwnBookingAction('b1', 'paid', 5000)).toBe(true);
    // Someone else's action on the same booking (the professional accepting) is not ours.
    expect(isOwnBookingAction('b1', 'accept', 5000)).toBe(false);
    expect(isOwnBookingAction('b1', 'paid', 12_000)).toBe(false);
    expect(isOwnBookingAction('b2', 'paid', 1000)).toBe(false);
  });
});

describe('RealtimeClient rooms and client events (chat)', () => {
  it('sends client events only on an open socket, and joins its rooms again on every ready', () => {
    const { client, sockets, fireNext } = harness();
    client.start();
    // Not open yet: the event is dropped, the room is remembered.
    expect(client.send('chat.typing', { conversationId: 'c1' })).toBe(false);
    const leave = client.join('conversation:c1');
    const again = client.join('conversation:c1');
    sockets[0]!.open();
    sockets[0]!.receive('ready', { userId: 'u' });
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ event: 'room.join', data: { room: 'conversation:c1' } })]);
    expect(client.send('chat.typing', { conversationId: 'c1' })).toBe(true);

    // A new connection is in its user's room only: the page's rooms are joined again.
    sockets[0]!.drop();
    fireNext();
    sockets[1]!.open();
    sockets[1]!.receive('ready', { userId: 'u' });
    expect(sockets[1]!.sent).toEqual([JSON.stringify({ event: 'room.join', data: { room: 'conversation:c1' } })]);

    // Reference counted: left only when the last one leaves.
    leave();
    expect(sockets[1]!.sent).toHaveLength(1);
    again();
    expect(sockets[1]!.sent.at(-1)).toBe(JSON.stringify({ event: 'room.leave', data: { room: 'conversation:c1' } }));
    sockets[1]!.drop();
    fireNext();
    sockets[2]!.open();
    sockets[2]!.receive('ready', { userId: 'u' });
    expect(sockets[2]!.sent).toEqual([]);
    client.stop();
  });
});
