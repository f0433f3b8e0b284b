/**
 * Chat delivery (issue 26, docs/chat.md): WebSocket clients in conversations across two server
 * instances on one PostgreSQL (a fresh database, dropped afterwards). Each conversation's customer is
 * connected to instance A and its professional to instance B; customers send text messages through A's
 * API at a steady rate, and the professional's socket on B must hear `chat.message` (LISTEN/NOTIFY
 * fan-out). Latency is from the moment the POST is sent to the moment the recipient's socket has the
 * event (so it includes storing the message: stored before announced). Lost = sent (201) but never heard
 * within 5 s after the run. RSS of each instance at the end.
 *
 * Sizes from the environment (defaults are the issue's): CHAT_BENCH_CONVERSATIONS (500, two clients
 * each), CHAT_BENCH_RATE (messages a second, 100), CHAT_BENCH_SECONDS (60).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer, type RunningServer } from './lib';

export interface ChatFigures {
  conversations: number;
  clients: number;
  ratePerSecond: number;
  seconds: number;
  sent: number;
  sendFailed: number;
  delivered: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
  rssMb: { a: number | null; b: number | null };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function casablancaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Casablanca', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A signed-in person of the server's development route (no password hashing): their id and cookie. */
async function person(url: string, type: 'customer' | 'pro', i: number) {
  const res = await fetch(`${url}/api/dev/test-people`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type, name: `${type === 'pro' ? 'Pro' : 'Client'} ${i}`, city: 'tanger', category: 'gardening' }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]!).find((c) => c.includes('session_token='));
  const body = await json<{ userId: string; professionalId?: string }>(res);
  return { ...body, cookie: cookie! };
}

/** A customer, a professional, a paid booking between them and its conversation. */
async function pair(url: string, i: number) {
  const [customer, pro] = await Promise.all([person(url, 'customer', i), person(url, 'pro', i)]);
  const headers = { 'content-type': 'application/json', cookie: customer.cookie };
  const booking = await json<{ id: string }>(
    await fetch(`${url}/api/bookings/hourly`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ professionalId: pro.professionalId, date: casablancaDate(3), time: '10:00', durationHours: 1, location: 'Bench street', contactPhone: '0612345678' }),
    }),
  );
  // Paid on the CMI simulator's hosted page (docs/payments.md): the pay, the signed form, the test card.
  const { redirect } = await json<{ redirect: { fields: Record<string, string> } }>(
    await fetch(`${url}/api/bookings/${booking.id}/pay`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify({ method: 'card' }) }),
  );
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  await (await fetch(`${url}/__cmi/fim/est3Dgate`, { method: 'POST', headers: form, body: new URLSearchParams(redirect.fields).toString() })).text();
  await (await fetch(`${url}/__cmi/fim/est3Dgate/pay`, { method: 'POST', headers: form, body: new URLSearchParams({ oid: redirect.fields.oid!, pan: '4111111111111111' }).toString() })).text();
  const { conversation } = await json<{ conversation: { id: string } }>(
    await fetch(`${url}/api/chat/conversations`, { method: 'POST', headers, body: JSON.stringify({ bookingId: booking.id }) }),
  );
  return { customer, pro, conversationId: conversation.id };
}

function connect(url: string, cookie: string, onEvent: (event: string, data: Record<string, unknown>) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/ws`, { headers: { cookie } });
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { event: string; data: Record<string, unknown> };
      if (m.event === 'ready') resolve(ws);
      onEvent(m.event, m.data);
    });
    ws.on('error', reject);
  });
}

async function inBatches<T>(count: number, size: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)))));
  }
  return out;
}

export async function benchChat(serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<ChatFigures> {
  const conversations = Number(process.env.CHAT_BENCH_CONVERSATIONS ?? 500);
  const rate = Number(process.env.CHAT_BENCH_RATE ?? 100);
  const seconds = Number(process.env.CHAT_BENCH_SECONDS ?? 60);
  const name = `khedma_bench_chat_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  // Every booking comes from one address: the per-address booking limit is raised (RATE_LIMIT_SCALE).
  const env = { DATABASE_URL: dbUrl.toString(), TEST_PEOPLE: '1', RATE_LIMIT_SCALE: '1000' };
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  const sockets: WebSocket[] = [];
  try {
    // One after the other: the first migrates and seeds.
    a = await startServer(3221, env);
    b = await startServer(3222, env);
    const pairs = await inBatches(conversations, 16, (i) => pair(a!.url, i));

    const sentAt = new Map<string, number>();
    const heardAt = new Map<string, number>();
    const latencies: number[] = [];
    const onHeard = (event: string, data: Record<string, unknown>) => {
      if (event !== 'chat.message') return;
      const id = String(data.messageId);
      const now = performance.now();
      const t0 = sentAt.get(id);
      if (t0 === undefined) heardAt.set(id, now);
      else if (!heardAt.has(id)) {
        heardAt.set(id, now);
        latencies.push(now - t0);
      }
    };
    // Customers on A (they send), professionals on B (they must hear it).
    await inBatches(pairs.length, 50, async (i) => {
      sockets.push(await connect(a!.url, pairs[i]!.customer.cookie, () => {}));
      sockets.push(await connect(b!.url, pairs[i]!.pro.cookie, onHeard));
    });

    let sent = 0;
    let sendFailed = 0;
    const total = rate * seconds;
    const inFlight = new Set<Promise<void>>();
    const start = performance.now();
    for (let k = 0; k < total; k++) {
      const due = start + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const p = pairs[k % pairs.length]!;
      const t0 = performance.now();
      const request = fetch(`${a.url}/api/chat/conversations/${p.conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: p.customer.cookie },
        body: JSON.stringify({ content: `bench ${k}` }),
      })
        .then(async (res) => {
          if (res.status !== 201) {
            sendFailed += 1;
            return;
          }
          const { id } = (await res.json()) as { id: string };
          sent += 1;
          sentAt.set(id, t0);
          const early = heardAt.get(id);
          if (early !== undefined) latencies.push(early - t0);
        })
        .catch(() => {
          sendFailed += 1;
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await Promise.all(inFlight);
    const deadline = Date.now() + 5_000;
    while (latencies.length < sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const sorted = [...latencies].sort((x, y) => x - y);
    return {
      conversations: pairs.length,
      clients: sockets.length,
      ratePerSecond: rate,
      seconds,
      sent,
      sendFailed,
      delivered: latencies.length,
      lost: sent - latencies.length,
      p50: Math.round(percentile(sorted, 50) * 10) / 10,
      p99: Math.round(percentile(sorted, 99) * 10) / 10,
      max: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
      rssMb: { a: rssMb(a.pid), b: rssMb(b.pid) },
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await b?.stop();
    await a?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}
