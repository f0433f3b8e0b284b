/**
 * Issue 37: the Prometheus endpoint. Off by default; with METRICS_TOKEN, GET /metrics answers only the
 * bearer token; with METRICS_PORT, a separate listener serves it. It counts requests by route template
 * and status, job runs by kind and outcome (and the queue's depth), WebSocket connections and messages,
 * bookings created and payments by outcome. The registry is the process's: tests read differences.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createCustomer, createPaidBooking, createPro } from '../test/factories';
import { connectWs, ORIGIN } from './realtime.test-helpers';
import { registry } from './metrics';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metrics: { token: TOKEN, host: '127.0.0.1' }, rateLimitScale: 100 });
});
afterAll(async () => t?.close());

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

/** The value of one series in Prometheus's text format (0 when absent). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('refuses without the token, or with another one (401 in the error contract)', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all-0000000000' }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
      expect(res.body).not.toContain('khedma_');
    }
  });

  it('counts a request by route template and status', async () => {
    const series = 'khedma_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}';
    const before = value(await scrape(), series);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(value(await scrape(), series)).toBe(before + 1);
    // Ids do not make series: a service page counts under its template.
    await t.app.inject({ method: 'GET', url: `/api/services/${randomUUID()}` });
    const text = await scrape();
    expect(text).toMatch(/route="\/api\/services\/:id",status_code="404"/);
    expect(text).not.toMatch(/route="\/api\/services\/[0-9a-f]{8}-/);
    // On PostgreSQL (npm run test:pg), the pool's use and waits; on PGlite there is no pool.
    if (t.database.poolStats) {
      expect(value(text, 'khedma_db_pool_acquired_total')).toBeGreaterThan(0);
      expect(value(text, 'khedma_db_pool_connections{state="max"}')).toBeGreaterThan(0);
      expect(text).toContain('khedma_db_pool_wait_seconds_total');
    }
  });

  it('counts a job run by kind and outcome, and the queue by kind and status', async () => {
    const kind = `metrics-probe-${randomUUID().slice(0, 8)}`;
    t.app.ctx.jobs.register(kind, async () => undefined);
    await t.app.ctx.jobs.enqueue({ kind, runAt: new Date(Date.now() - 1000), payload: {} });
    await t.app.ctx.jobs.enqueue({ kind, runAt: new Date(Date.now() + 3_600_000), payload: {} });
    const queued = await scrape();
    expect(value(queued, `khedma_job_queue_depth{kind="${kind}",status="pending"}`)).toBe(2);
    expect(value(queued, `khedma_job_queue_oldest_due_seconds{kind="${kind}"}`)).toBeGreaterThan(0);
    await t.app.ctx.jobs.runDueJobs();
    const ran = await scrape();
    expect(value(ran, `khedma_job_runs_total{kind="${kind}",outcome="done"}`)).toBe(1);
    expect(value(ran, `khedma_job_queue_depth{kind="${kind}",status="pending"}`)).toBe(1);
  });

  it('counts a WebSocket connection and its messages', async () => {
    const customer = await createCustomer(t);
    const before = await scrape();
    const ws = await connectWs(t.app, { origin: ORIGIN, cookie: customer.cookie });
    await ws.next('ready');
    ws.sendEvent('ping', {});
    await ws.next('pong');
    const during = await scrape();
    expect(value(during, 'khedma_ws_connections')).toBe(value(before, 'khedma_ws_connections') + 1);
    expect(value(during, 'khedma_ws_connections_opened_total')).toBe(value(before, 'khedma_ws_connections_opened_total') + 1);
    expect(value(during, 'khedma_ws_messages_total{direction="in"}')).toBeGreaterThan(value(before, 'khedma_ws_messages_total{direction="in"}'));
    expect(value(during, 'khedma_ws_messages_total{direction="out"}')).toBeGreaterThan(value(before, 'khedma_ws_messages_total{direction="out"}'));
    ws.close();
    await ws.closed;
    for (const t0 = Date.now(); value(await scrape(), 'khedma_ws_connections') !== value(before, 'khedma_ws_connections'); ) {
      if (Date.now() - t0 > 10_000) throw new Error('the closed socket is still counted');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('counts bookings created and payments by outcome', async () => {
    const before = await scrape();
    const customer = await createCustomer(t);
    const pro = await createPro(t);
    await createPaidBooking(t, { customer, pro });
    const after = await scrape();
    expect(value(after, 'khedma_bookings_created_total')).toBe(value(before, 'khedma_bookings_created_total') + 1);
    expect(value(after, 'khedma_payments_total{outcome="paid"}')).toBe(value(before, 'khedma_payments_total{outcome="paid"}') + 1);
  });
});

describe('metrics off, or on a separate port', () => {
  it('does not exist without METRICS_TOKEN or METRICS_PORT', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.body).not.toContain('khedma_http_request_duration_seconds');
    } finally {
      await plain.close();
    }
  });

  it('METRICS_PORT: served without a token on its own listener, and not on the main port', async () => {
    const separate = await createTestApp({ metrics: { port: 0, host: '127.0.0.1' } });
    try {
      const { port } = separate.app.metricsServer!.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(registry.contentType);
      expect(await res.text()).toContain('khedma_process_cpu_seconds_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      const main = await separate.app.inject({ method: 'GET', url: '/metrics' });
      expect(main.body).not.toContain('khedma_http_request_duration_seconds');
    } finally {
      await separate.close();
    }
  });
});
