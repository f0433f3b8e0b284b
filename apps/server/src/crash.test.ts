/**
 * Fault test (issues 21 item 7 and 28): kill -9 the server (main.ts, as production runs it, on
 * PostgreSQL) in the middle of concurrent booking creations, and again in the middle of payments; start
 * it again and check what the customers were told against what the database holds:
 * - every booking whose creation was acknowledged (201) exists, none twice, each with its payment row
 *   and its creation email: sent (outbox row), or its job written by the same statement and waiting for
 *   a job loop (the killed instance's lease on it runs out; creation-email.test.ts proves that run);
 * - a request whose answer was lost, retried (with its Idempotency-Key, or without one), is answered
 *   with the booking it made or makes it once;
 * - payments cut off between the provider's approval and its callback (CMI simulator) are reconciled
 *   with the provider after the restart (lookup, capture), the others paid again by the customer; every
 *   booking ends paid exactly once, captured once at the provider; the escrow ledger sums to zero.
 * PostgreSQL only (a killed PGlite process may lose its data directory). Reduced size here
 * (CRASH_BOOKINGS, default 100, about a minute); the full size: CRASH_BOOKINGS=1000 npm run test:pg --
 * apps/server/src/crash.test.ts (docs/payments.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BOOKING_LIMITS } from '@khedma/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from './db/client';
import { seedId } from './db/seed/ids';
import { rowsOf } from './platform/jobs';
import { casablancaDate } from './test/factories';
import { createTestDatabase } from './test/db';

const serverUrl = inject('pgServerUrl');
const N = Number(process.env.CRASH_BOOKINGS ?? 100);
const PROS = Math.max(4, Math.ceil(N / 40));
const root = path.resolve(__dirname, '../../..');
const port = 4100 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;

let database: Database;
let url = '';
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!serverUrl) return;
  database = await createTestDatabase();
  const name = rowsOf<{ db: string }>(await database.db.execute(sql`select current_database() as db`))[0]!.db;
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  url = u.toString();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await database?.close();
});

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      // The CMI simulator posts its callbacks here.
      PUBLIC_URL: base,
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      TEST_PEOPLE: '1',
      // Booking creation limits per account and address scaled out of the way: this is about crashes.
      RATE_LIMIT_SCALE: '1000',
      WEB_DIST: path.join(root, 'no-web-for-crash-test'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function waitHealthy(c: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (c.exitCode !== null) throw new Error(`server exited early with ${c.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not healthy in time');
}

const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

async function killNow() {
  const c = child!;
  c.kill('SIGKILL');
  await exited(c);
}

async function person(type: 'customer' | 'pro'): Promise<string> {
  const res = await fetch(`${base}/api/dev/test-people`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(type === 'pro' ? { type, city: 'casablanca', category: 'plumbing' } : { type }),
  });
  if (res.status !== 201) throw new Error(`test-people ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

interface Request {
  cookie: string;
  body: Record<string, string>;
  key?: string;
}

type Outcome = { kind: 'answered'; status: number; id?: string; replayed: boolean; code?: string } | { kind: 'lost' };

async function send(method: 'POST', pathname: string, r: { cookie: string; key?: string; body: unknown }): Promise<Outcome> {
  try {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: r.cookie, ...(r.key ? { 'idempotency-key': r.key } : {}) },
      body: JSON.stringify(r.body),
      signal: AbortSignal.timeout(60_000),
    });
    const json = (await res.json().catch(() => ({}))) as { id?: string; booking?: { id: string }; error?: { code: string } };
    return { kind: 'answered', status: res.status, id: json.id ?? json.booking?.id, replayed: res.headers.get('idempotent-replayed') === 'true', code: json.error?.code };
  } catch {
    // The connection died with the server: the customer does not know what happened.
    return { kind: 'lost' };
  }
}

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

describe('kill -9 mid-flight (PostgreSQL)', () => {
  it(`${N} concurrent booking creations, then payments: nothing acknowledged is lost, nothing is made twice, the ledger balances`, async (ctx) => {
    if (!serverUrl) return ctx.skip('needs PostgreSQL (npm run test:pg)');
    child = start();
    await waitHealthy(child);
    log('started');
    for (let i = 0; i < PROS; i++) await person('pro');
    // A customer holds at most 2 unpaid bookings (migration 0014): two requests each.
    const customers = await Promise.all(Array.from({ length: Math.ceil(N / 2) }, () => person('customer')));
    log('people made');
    const requests: Request[] = Array.from({ length: N }, (_, i) => ({
      cookie: customers[Math.floor(i / 2)]!,
      body: {
        serviceTypeId: seedId('service:leak-repair'),
        cityId: seedId('city:casablanca'),
        date: casablancaDate(2 + (i % 26)),
        startTime: `${String(8 + (Math.floor(i / 26) % 9)).padStart(2, '0')}:00`,
        // Half an hour, so that the one plumber has the travel buffer between one hour and the next (issue 42).
        endTime: `${String(8 + (Math.floor(i / 26) % 9)).padStart(2, '0')}:30`,
        location: '12 Rue Ibnou Sina',
      },
      // Half the customers send an Idempotency-Key, as the web app does; the others none.
      key: i % 4 < 2 ? randomUUID() : undefined,
    }));

    // 1. Every creation at once; the server is killed when a third has been acknowledged.
    let acknowledged = 0;
    const first = requests.map((r) =>
      send('POST', '/api/bookings', r).then((o) => {
        if (o.kind === 'answered' && o.status === 201 && ++acknowledged === Math.floor(N / 3)) void killNow();
        return o;
      }),
    );
    const answers = await Promise.all(first);
    log('creations', tally(answers));
    await exited(child);
    const created = answers.flatMap((o, i) => (o.kind === 'answered' && o.status === 201 ? [{ i, id: o.id! }] : []));
    const lost = answers.flatMap((o, i) => (o.kind === 'lost' ? [i] : []));
    expect(created.length).toBeGreaterThanOrEqual(Math.floor(N / 3));
    expect(lost.length).toBeGreaterThan(0);

    // 2. Restarted: every acknowledged booking is there, with its payment row and creation email (sent, or its job waiting).
    child = start();
    await waitHealthy(child);
    log('restarted');
    const ids = created.map((c) => c.id);
    const present = await q<{ id: string; payments: number; emails: number }>(sql`
      select b.id,
        (select count(*)::int from payments p where p.booking_id = b.id) as payments,
        (select count(*)::int from outbox o where o.text like '%' || upper(left(b.id::text, ${BOOKING_LIMITS.referenceLength})) || '%')
          + (select count(*)::int from scheduled_jobs j where j.kind = 'email.send' and j.status in ('pending', 'running')
              and j.payload->'message'->>'text' like '%' || upper(left(b.id::text, ${BOOKING_LIMITS.referenceLength})) || '%') as emails
      from bookings b where b.id = any(string_to_array(${ids.join(",")}, ',')::uuid[])`);
    expect(present).toHaveLength(ids.length);
    for (const b of present) {
      expect(b.payments).toBe(1);
      expect(b.emails).toBeGreaterThanOrEqual(1);
    }

    log('acknowledged present');
    // 3. The customers whose answer was lost try again, as they would: with the same key if they had
    // one, else the same request. They are answered with the booking made, or it is made now.
    const retried = await Promise.all(lost.map((i) => send('POST', '/api/bookings', requests[i]!)));
    log('retries', tally(retried));
    for (const o of retried) {
      expect(o.kind).toBe('answered');
      if (o.kind === 'answered') expect([200, 201, 409]).toContain(o.status);
    }
    // Never two bookings for one request (customer and slot), whatever happened.
    const twice = await q<{ n: number }>(sql`
      select count(*)::int as n from (
        select user_id, scheduled_start from bookings where status <> 'cancelled'
        group by user_id, scheduled_start having count(*) > 1) d`);
    expect(twice[0]!.n).toBe(0);

    // 4. Payments of the acknowledged bookings at once, through the CMI simulator's hosted page (the pay,
    // the form, the card). The simulator holds its callbacks back (they die with the process), and the
    // server is killed when half were approved: those were approved by the "bank" with no callback
    // recorded, the others cut off before.
    const toPay = created.slice(0, Math.min(40, created.length)).map((c) => ({ id: c.id, cookie: requests[c.i]!.cookie }));
    await fetch(`${base}/__cmi/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbackDelayMs: 120_000 }) });
    let approved = 0;
    const paying = toPay.map((b) =>
      payFlow(b).then((o) => {
        if (o === 'approved' && ++approved === Math.ceil(toPay.length / 2)) void killNow();
        return o;
      }),
    );
    const paid = await Promise.all(paying);
    if (child.exitCode === null && child.signalCode === null) await killNow();
    await exited(child);
    // Some orders were approved at the provider with their callbacks lost in the kill.
    expect(paid.filter((o) => o === 'approved').length).toBeGreaterThan(0);
    log('payments', paid.reduce<Record<string, number>>((t, o) => ({ ...t, [o]: (t[o] ?? 0) + 1 }), {}));
    child = start();
    await waitHealthy(child);

    // 5. Restarted: approved orders are reconciled with the provider (lookup, capture); the customers
    // cut off pay again. Every booking ends paid exactly once, and a pay after that answers the success.
    const deadline = Date.now() + 120_000;
    for (const b of toPay) {
      for (;;) {
        const [row] = await q<{ payment_status: string }>(sql`select payment_status from bookings where id = ${b.id}`);
        if (row!.payment_status === 'paid') break;
        await payFlow(b);
        if (Date.now() > deadline) throw new Error(`booking ${b.id} still not paid`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      const again = await send('POST', `/api/bookings/${b.id}/pay`, { cookie: b.cookie, body: { method: 'card' } });
      expect(again).toMatchObject({ kind: 'answered', status: 200 });
    }
    const money = await q<{ id: string; payment_status: string; holds: number; captured: number }>(sql`
      select b.id, b.payment_status,
        (select count(*)::int from ledger_entries l where l.booking_id = b.id and l.kind = 'hold' and l.account = 'escrow') as holds,
        (select count(*)::int from cmi_sim_orders c join payments p on p.id::text = c.oid where p.booking_id = b.id and c.status = 'captured') as captured
      from bookings b where b.id = any(string_to_array(${toPay.map((b) => b.id).join(",")}, ',')::uuid[])`);
    for (const m of money) expect(m).toMatchObject({ payment_status: 'paid', holds: 1, captured: 1 });
    const sums = await q<{ total: number; unbalanced: number }>(sql`
      select coalesce(sum(amount), 0)::int as total,
        (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) u) as unbalanced
      from ledger_entries`);
    expect(sums[0]).toEqual({ total: 0, unbalanced: 0 });
    const exit = exited(child);
    child.kill('SIGTERM');
    await exit;
    child = undefined;
  }, 420_000);
});

const log = (...args: unknown[]) => process.env.CRASH_DEBUG && console.error('[crash]', ...args);
const tally = (os: Outcome[]) => {
  const t: Record<string, number> = {};
  for (const o of os) {
    const k = o.kind === 'lost' ? 'lost' : `${o.status}${o.code ? ` ${o.code}` : ''}`;
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
};

/**
 * A customer pays on the simulator's hosted page as the browser would: the pay, the signed form to the
 * hosted page, the approved test card. 'lost' when the server died on the way.
 */
async function payFlow(b: { id: string; cookie: string }): Promise<'approved' | 'paid' | 'lost'> {
  try {
    const init = await fetch(`${base}/api/bookings/${b.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: b.cookie },
      body: JSON.stringify({ method: 'card' }),
      signal: AbortSignal.timeout(60_000),
    });
    const json = (await init.json()) as { redirect?: { fields: Record<string, string> } };
    if (!json.redirect) return 'paid';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await (await fetch(`${base}/__cmi/fim/est3Dgate`, { method: 'POST', headers: form, body: new URLSearchParams(json.redirect.fields).toString() })).text();
    await (await fetch(`${base}/__cmi/fim/est3Dgate/pay`, { method: 'POST', headers: form, body: new URLSearchParams({ oid: json.redirect.fields.oid!, pan: '4111111111111111' }).toString() })).text();
    return 'approved';
  } catch {
    return 'lost';
  }
}
