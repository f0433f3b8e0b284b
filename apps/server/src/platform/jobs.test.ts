import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { withNamedStatements, withStatements } from '../test/statements';
import { Clock } from './clock';
import { InstanceLease } from './instance';
import { JobRunner, rowsOf } from './jobs';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const T0 = new Date('2030-01-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function job(kind: string) {
  const res = await database.db.execute(sql`select status, attempts, run_at, last_error from scheduled_jobs where kind = ${kind}`);
  return rowsOf<{ status: string; attempts: number; run_at: Date | string; last_error: string | null }>(res);
}

describe('durable job runner', () => {
  it('runs due jobs only, and one job per dedupe key', async () => {
    const runner = new JobRunner(database.db, log, new Clock());
    const seen: string[] = [];
    runner.register('t.due', async (j) => void seen.push(String(j.payload.n)));
    expect(await runner.enqueue({ kind: 't.due', runAt: at(60), payload: { n: 1 }, dedupeKey: 'a' })).toBe(true);
    expect(await runner.enqueue({ kind: 't.due', runAt: at(60), payload: { n: 2 }, dedupeKey: 'a' })).toBe(false);
    await runner.enqueue({ kind: 't.due', runAt: at(120), payload: { n: 3 } });
    await runner.runDueJobs(at(59));
    expect(seen).toEqual([]);
    await runner.runDueJobs(at(60));
    expect(seen).toEqual(['1']);
    await runner.runDueJobs(at(3600));
    expect(seen).toEqual(['1', '3']);
    expect((await job('t.due')).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('retries a failing handler with backoff, then gives up after maxAttempts', async () => {
    const runner = new JobRunner(database.db, log, new Clock(), { maxAttempts: 3 });
    let calls = 0;
    runner.register('t.flaky', async () => {
      calls++;
      if (calls < 3) throw new Error(`boom ${calls}`);
    });
    runner.register('t.broken', async () => {
      throw new Error('always');
    });
    await runner.enqueue({ kind: 't.flaky', runAt: at(0) });
    await runner.enqueue({ kind: 't.broken', runAt: at(0) });
    let s = await runner.runDueJobs(at(0));
    expect(s).toEqual({ done: 0, retried: 2, failed: 0 });
    const [flaky] = await job('t.flaky');
    expect(flaky).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom 1' });
    expect(new Date(flaky!.run_at).getTime()).toBe(at(30).getTime()); // 30 s backoff
    s = await runner.runDueJobs(at(29));
    expect(s).toEqual({ done: 0, retried: 0, failed: 0 });
    await runner.runDueJobs(at(30)); // second failure: next in 60 s
    s = await runner.runDueJobs(at(90));
    expect(s).toEqual({ done: 1, retried: 0, failed: 1 });
    expect((await job('t.flaky'))[0]).toMatchObject({ status: 'done', attempts: 3 });
    expect((await job('t.broken'))[0]).toMatchObject({ status: 'failed', attempts: 3, last_error: 'always' });
  });

  it('takes back a job whose worker died (lease expired) and survives a restart', async () => {
    // A worker claimed the job, then its process died: the row stays running until its lease ends.
    await database.db.execute(
      sql`insert into scheduled_jobs (kind, run_at, status, attempts, locked_until) values ('t.orphan', ${at(0).toISOString()}::timestamptz, 'running', 1, ${at(300).toISOString()}::timestamptz)`,
    );
    // A new process (a fresh runner on the same database).
    const restarted = new JobRunner(database.db, log, new Clock());
    let ran = 0;
    restarted.register('t.orphan', async () => void ran++);
    await restarted.runDueJobs(at(299));
    expect(ran).toBe(0);
    await restarted.runDueJobs(at(301));
    expect(ran).toBe(1);
    expect((await job('t.orphan'))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('two workers never run the same job (FOR UPDATE SKIP LOCKED)', async () => {
    const ran = new Map<number, number>();
    const make = () => {
      const r = new JobRunner(database.db, log, new Clock(), { batchSize: 3 });
      r.register('t.many', async (j) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        const n = Number(j.payload.n);
        ran.set(n, (ran.get(n) ?? 0) + 1);
      });
      return r;
    };
    const [a, b] = [make(), make()];
    for (let n = 0; n < 30; n++) await a.enqueue({ kind: 't.many', runAt: at(0), payload: { n } });
    const [ra, rb] = await Promise.all([a.runDueJobs(at(1)), b.runDueJobs(at(1))]);
    expect(ra.done + rb.done).toBe(30);
    expect(ran.size).toBe(30);
    expect([...ran.values()].every((c) => c === 1)).toBe(true);
  });

  it('an unknown kind is retried (another instance may know it), never lost', async () => {
    const runner = new JobRunner(database.db, log, new Clock());
    await runner.enqueue({ kind: 't.unknown', runAt: at(0) });
    await runner.runDueJobs(at(0));
    expect((await job('t.unknown'))[0]).toMatchObject({ status: 'pending', last_error: 'No handler for job kind t.unknown' });
  });

  it("the loop's poll and the instance lease's renewal are one statement each, named (parsed once on PGlite)", async () => {
    const runner = new JobRunner(database.db, log, new Clock());
    const lease = new InstanceLease(database.db, log);
    // Nothing due at T0 - 1 h: the poll that finds nothing, as every 2 s on an idle server.
    const poll = () => runner.runDueJobs(at(-3600));
    await poll();
    await lease.renew();
    const polled = await withStatements(database, poll);
    const renewed = await withStatements(database, () => lease.renew());
    expect(polled.statements).toHaveLength(1);
    expect(renewed.statements).toHaveLength(1);
    const named = database.pgliteStatements;
    if (!database.pglite) return;
    // On PGlite a named statement is prepared once (db/pglite-prepared.ts): more polls prepare nothing new.
    const prepared = named!.size;
    await poll();
    await lease.renew();
    expect(named!.size).toBe(prepared);
    const { names } = await withNamedStatements(database, async () => {
      await poll();
      await lease.renew();
    });
    expect(names).toEqual(['jobs_claim_due', 'instance_lease_renew']);
  });
});
