/**
 * Deliveries that failed for good (docs/admin.md): listed for super_admin only, recipient masked and
 * no stack; a retry runs the job again at once. Who may NOT: signed out 401, customer, professional,
 * reviewer and finance admins 403.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_EMAIL_JOB } from '../../platform/email';
import { rowsOf } from '../../platform/jobs';
import { createAdmin, createCustomer, createPro, type TestUser } from '../../test/factories';
import { outbox, startApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let people: Record<'customer' | 'pro' | 'superAdmin' | 'finance' | 'reviewer', TestUser>;

beforeAll(async () => {
  t = await startApp();
  people = {
    customer: await createCustomer(t),
    pro: await createPro(t, { city: 'fes', category: 'gardening' }),
    superAdmin: await createAdmin(t, { roles: ['super_admin'] }),
    finance: await createAdmin(t, { roles: ['finance_admin'] }),
    reviewer: await createAdmin(t, { roles: ['application_reviewer'] }),
  };
}, 120_000);
afterAll(async () => t?.close());

const call = (who: TestUser | null, method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });

/** A welcome email whose every attempt failed, as the job runner leaves it. */
async function failedWelcome(to: string) {
  const id = await t.app.ctx.jobs.schedule(SEND_EMAIL_JOB, { message: { to, subject: 'Welcome to Khedma, professional!', text: 'Your application was approved.' } }, { runAt: new Date(Date.now() + 3_600_000) });
  await t.database.db.execute(sql`
    update scheduled_jobs set status = 'failed', attempts = 10,
      last_error = ${'550 5.1.1 mailbox unavailable\n    at SMTPConnection._actionRCPT (node_modules/nodemailer/lib/smtp-connection/index.js:1701:23)'}
    where id = ${id}`);
  return id!;
}

describe('GET /api/admin/failed-jobs and POST /api/admin/failed-jobs/:id/retry', () => {
  it('super_admin sees the failed delivery masked, without a stack, and a retry sends it', async () => {
    const id = await failedWelcome('new.pro@example.ma');
    const list = await call(people.superAdmin, 'GET', '/api/admin/failed-jobs?page=1&pageSize=20');
    expect(list.statusCode).toBe(200);
    const entry = list.json().items.find((e: { id: string }) => e.id === id);
    expect(entry).toMatchObject({ kind: 'email.send', channel: 'email', subject: 'Welcome to Khedma, professional!', attempts: 10, lastError: '550 5.1.1 mailbox unavailable' });
    expect(entry.recipient).not.toContain('new.pro@');
    expect(list.body).not.toContain('smtp-connection');

    const retry = await call(people.superAdmin, 'POST', `/api/admin/failed-jobs/${id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id, status: 'done' });
    expect((await outbox(t.app)).some((m) => m.to === 'new.pro@example.ma' && m.subject === 'Welcome to Khedma, professional!')).toBe(true);
    const after = await call(people.superAdmin, 'GET', '/api/admin/failed-jobs?page=1&pageSize=20');
    expect(after.json().items.some((e: { id: string }) => e.id === id)).toBe(false);
    // Nothing left to retry: 404, nothing run again.
    expect((await call(people.superAdmin, 'POST', `/api/admin/failed-jobs/${id}/retry`)).statusCode).toBe(404);
  });

  it("a retry runs at the app's own instant: due then, even with the app's clock behind the database's", async () => {
    // The database's now() and the app's clock differ: by microseconds at best (now() has them, Date does
    // not: a retry on a fast PostgreSQL server answered 'pending' once), by more under a test's frozen clock.
    const id = await failedWelcome('clock.pro@example.ma');
    const clock = t.app.ctx.clock;
    clock.set(new Date(Date.now() - 60_000));
    try {
      const retry = await call(people.superAdmin, 'POST', `/api/admin/failed-jobs/${id}/retry`);
      expect(retry.json()).toEqual({ id, status: 'done' });
    } finally {
      clock.set(null);
    }
  });

  it('nobody else may list or retry: signed out 401; customer, professional, finance and reviewer admins 403; the job stays failed', async () => {
    const id = await failedWelcome('other.pro@example.ma');
    expect((await call(null, 'GET', '/api/admin/failed-jobs')).statusCode).toBe(401);
    expect((await call(null, 'POST', `/api/admin/failed-jobs/${id}/retry`)).statusCode).toBe(401);
    for (const who of [people.customer, people.pro, people.finance, people.reviewer]) {
      expect((await call(who, 'GET', '/api/admin/failed-jobs')).statusCode).toBe(403);
      expect((await call(who, 'POST', `/api/admin/failed-jobs/${id}/retry`)).statusCode).toBe(403);
    }
    const rows = rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from scheduled_jobs where id = ${id}`));
    expect(rows).toEqual([{ status: 'failed' }]);
    expect((await call(people.superAdmin, 'POST', '/api/admin/failed-jobs/not-a-uuid/retry')).statusCode).toBe(400);
  });
});
