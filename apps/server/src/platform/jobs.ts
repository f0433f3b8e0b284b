/**
 * Durable job queue on the scheduled_jobs table: work that must happen later even if every server
 * restarts in between (the escrow release 48 h after completion, expiring unpaid bookings).
 *
 * - Enqueue inside the transaction that makes the job necessary, so both commit or neither does;
 *   `dedupeKey` keeps one job per (kind, key), e.g. one escrow release per booking.
 * - Any number of instances run the same loop. A worker claims due jobs with
 *   `FOR UPDATE SKIP LOCKED` (instances never claim the same row; PGlite and PostgreSQL alike), marks
 *   them running with a lease (`locked_until`), runs the handler, then marks them done. A job whose
 *   lease ran out (its worker died) is due again and another worker takes it back.
 * - A failing handler is retried with exponential backoff (30 s, 1 min, 2 min ... at most 1 h), up to
 *   `maxAttempts`, then left `failed` with its last error for an operator.
 * - Handlers must be idempotent (a job can run twice when a worker dies after the work but before
 *   marking it done): the escrow release checks the ledger before writing.
 *
 * - The contract is typed: each module declares its job kinds in its `*.jobs.ts` with `defineJob(kind,
 *   zodSchema)`; `schedule` checks a payload against the schema when it is enqueued and the runner
 *   parses it again before the handler sees it (a payload that no longer parses fails for good).
 * - Work after a commit (emails, SMS, push) is a job run at once by `runJob` right after it is
 *   enqueued, so it goes out as fast as a direct call, and is retried by the loop when it failed. A
 *   statement may write a job leased to its own instance (`leasedJobPlaceholderSql`) and run it after
 *   its answer with `runLeased`, saving the claim (the booking create's email).
 *
 * AppContext builds the one runner (`ctx.jobs`); main.ts starts the loop (`startJobRunner(app)`);
 * tests call `ctx.jobs.runDueJobs(now)` with any `now` they like, e.g. 48 h after a completion.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { AsyncResource } from 'node:async_hooks';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema/system';
import type { Clock } from './clock';
import { coalesce } from './coalesce';
import { metrics } from './metrics';

export type JobPayload = Record<string, unknown>;

/** One kind of job and the schema of its payload (a module's `*.jobs.ts` exports these). */
export interface JobDefinition<S extends z.ZodType<JobPayload> = z.ZodType<JobPayload>> {
  kind: string;
  payload: S;
}

export function defineJob<S extends z.ZodType<JobPayload>>(kind: string, payload: S): JobDefinition<S> {
  return { kind, payload };
}

export type PayloadOf<D extends JobDefinition> = z.infer<D['payload']>;

export interface JobRun<P = JobPayload> {
  id: string;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** The `now` the runner was called with. */
  now: Date;
  /**
   * Run by the instance whose statement wrote the job leased to itself, right after its commit
   * (`leasedJobPlaceholderSql`): what that statement's condition read (a preference) needs no second read.
   */
  preferenceRead?: boolean;
}

export type JobHandler<P = JobPayload> = (job: JobRun<P>) => Promise<void>;

/** Where and when `schedule` puts a job. */
export interface ScheduleOptions {
  /** Default: now (the job is due at once). */
  runAt?: Date;
  dedupeKey?: string;
  /** The caller's transaction, so that the job commits with the change that makes it necessary. */
  db?: Db;
}

export interface EnqueueJob {
  kind: string;
  runAt: Date;
  payload?: JobPayload;
  /** At most one job per (kind, dedupeKey); a second enqueue is ignored. */
  dedupeKey?: string;
}

/**
 * The INSERT of a job, for callers that fold it into a larger statement (a CTE); with `when`, only if
 * that condition holds (e.g. the recipient has a browser to push to), saving the caller a round trip.
 */
export function enqueueJobSql(job: EnqueueJob, when?: SQL): SQL {
  if (!when) return jobInsertSql(job.kind, job.dedupeKey ?? null, job.runAt.toISOString(), JSON.stringify(job.payload ?? {}));
  return sql`
    insert into scheduled_jobs (kind, dedupe_key, run_at, payload)
    select ${job.kind}, ${job.dedupeKey ?? null}, ${job.runAt.toISOString()}::timestamptz, ${JSON.stringify(job.payload ?? {})}::jsonb
     where ${when}
    on conflict (kind, dedupe_key) where dedupe_key is not null do nothing
    returning id`;
}

/**
 * The same INSERT with its values left to the execution of a prepared statement (drizzle's
 * `sql.placeholder`, named `<prefix>Kind` ...): `enqueueJobParams(job, prefix)` gives them.
 */
export function enqueueJobPlaceholderSql(prefix: string): SQL {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  return jobInsertSql(p('Kind'), p('DedupeKey'), p('RunAt'), p('Payload'));
}

export function enqueueJobParams(job: EnqueueJob, prefix: string): Record<string, unknown> {
  return {
    [`${prefix}Kind`]: job.kind,
    [`${prefix}DedupeKey`]: job.dedupeKey ?? null,
    [`${prefix}RunAt`]: job.runAt.toISOString(),
    [`${prefix}Payload`]: JSON.stringify(job.payload ?? {}),
  };
}

/**
 * The INSERT of a job already claimed by this instance (status running, attempt 1, leased until
 * `<prefix>LockedUntil`), with its values left to a prepared statement's execution (`leasedJobParams`),
 * written only when `when` holds; returns its id. For work the writer runs itself right after its commit
 * (`JobRunner.runLeased`) without a claim's round trip: if the writer dies first, the lease runs out and
 * any instance's loop runs it (the claim takes back running jobs whose lease ended).
 */
export function leasedJobPlaceholderSql(prefix: string, when: SQL): SQL {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  return sql`
    insert into scheduled_jobs (kind, run_at, payload, status, attempts, locked_until)
    select ${p('Kind')}, ${p('RunAt')}::timestamptz, ${p('Payload')}::jsonb, 'running', 1, ${p('LockedUntil')}::timestamptz
     where ${when}
    returning id`;
}

export function leasedJobParams(job: EnqueueJob, lockedUntil: Date, prefix: string): Record<string, unknown> {
  return {
    [`${prefix}Kind`]: job.kind,
    [`${prefix}RunAt`]: job.runAt.toISOString(),
    [`${prefix}Payload`]: JSON.stringify(job.payload ?? {}),
    [`${prefix}LockedUntil`]: lockedUntil.toISOString(),
  };
}

function jobInsertSql(kind: unknown, dedupeKey: unknown, runAt: unknown, payload: unknown): SQL {
  return sql`
    insert into scheduled_jobs (kind, dedupe_key, run_at, payload)
    values (${kind}, ${dedupeKey}, ${runAt}::timestamptz, ${payload}::jsonb)
    on conflict (kind, dedupe_key) where dedupe_key is not null do nothing
    returning id`;
}

/** Adds a job (in `db`, which may be the caller's transaction). Returns false when deduplicated. */
export async function enqueueJob(db: Db, job: EnqueueJob): Promise<boolean> {
  return (await insertJob(db, job)) !== null;
}

/** Adds a job; returns its id, or null when deduplicated. */
async function insertJob(db: Db, job: EnqueueJob): Promise<string | null> {
  const res = await db.execute(enqueueJobSql(job));
  const [row] = rowsOf<{ id: string }>(res);
  return row ? String(row.id) : null;
}

/** The row of a typed job, its payload checked against the definition (throws on a bad payload). */
export function jobOf<D extends JobDefinition>(def: D, payload: PayloadOf<D>, opts: Omit<ScheduleOptions, 'db'> & { runAt: Date }): EnqueueJob {
  return { kind: def.kind, runAt: opts.runAt, dedupeKey: opts.dedupeKey, payload: def.payload.parse(payload) };
}

/** Rows of a raw `db.execute` on either driver. */
export function rowsOf<T = Record<string, unknown>>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

/** A claimed job's row as either driver answers it (the payload maybe still text). */
interface ClaimedRow {
  id: string;
  kind: string;
  payload: JobPayload | string;
  attempts: number;
}

export interface JobRunnerOptions {
  /** How long a claimed job is reserved for its worker before others may take it back. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Poll interval of the started loop. */
  pollMs?: number;
  /** Jobs claimed per round trip. */
  batchSize?: number;
}

export interface RunSummary {
  done: number;
  retried: number;
  failed: number;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

export class JobRunner {
  private readonly handlers = new Map<string, { handler: JobHandler<never>; schema?: z.ZodType<JobPayload> }>();
  private readonly periodic: Array<{ name: string; everyMs: number; lastRun: number; fn: () => Promise<void> }> = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  /** Leased jobs running after their writer's answer (runLeased): awaited by `settled` and `stop`. */
  private readonly leased = new Set<Promise<unknown>>();
  /**
   * Leased runs that succeeded, marked done together (coalesce: one statement for those finishing meanwhile).
   * A named statement (the ids as one text parameter, whatever their number): it runs after every booking
   * create, and as an unnamed one PostgreSQL parsed and planned it on every call (issue 40).
   */
  private readonly leasedDone = coalesce<string>(async (ids) => {
    this.leasedDoneStatement ??= this.db
      .update(scheduledJobs)
      .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: sql`now()` })
      .where(sql`${scheduledJobs.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[]) and ${scheduledJobs.status} = 'running' and ${scheduledJobs.attempts} = 1`)
      .prepare('jobs_leased_done');
    await this.leasedDoneStatement.execute({ ids: ids.join(',') });
  });
  private leasedDoneStatement: { execute(params: { ids: string }): Promise<unknown> } | undefined;
  /** Calls `fn` outside the caller's async context (a request's), as the loop's own work. */
  private readonly detached = AsyncResource.bind((fn: () => Promise<unknown>) => fn());
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    opts: JobRunnerOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.pollMs = opts.pollMs ?? 2_000;
    this.batchSize = opts.batchSize ?? 10;
  }

  /** The handler of a job kind: a typed definition (its payload parsed first), or a bare kind. */
  register<D extends JobDefinition>(def: D, handler: JobHandler<PayloadOf<D>>): void;
  register(kind: string, handler: JobHandler): void;
  register(def: string | JobDefinition, handler: JobHandler<never>): void {
    const kind = typeof def === 'string' ? def : def.kind;
    if (this.handlers.has(kind)) throw new Error(`A handler for job ${kind} is already registered`);
    this.handlers.set(kind, { handler, schema: typeof def === 'string' ? undefined : def.payload });
  }

  /** Adds a typed job (payload checked now); returns its id, or null when deduplicated. */
  schedule<D extends JobDefinition>(def: D, payload: PayloadOf<D>, opts: ScheduleOptions = {}): Promise<string | null> {
    return insertJob(opts.db ?? this.db, jobOf(def, payload, { runAt: opts.runAt ?? this.clock.now(), dedupeKey: opts.dedupeKey }));
  }

  /**
   * Runs one job now if it is due and nobody holds it (after the commit that enqueued it: the email
   * goes out at once). A failure is logged and left to the loop's retries; never throws.
   */
  async runJob(id: string, now: Date = this.clock.now()): Promise<keyof RunSummary | 'skipped'> {
    try {
      const [job] = await this.claim(now, sql`id = ${id} and status = 'pending' and run_at <= ${now.toISOString()}::timestamptz`);
      return job ? await this.runOne(job, now) : 'skipped';
    } catch (err) {
      this.log.warn({ err, jobId: id }, 'job could not be run at once; the loop will');
      return 'skipped';
    }
  }

  /** The runner's clock now. */
  now(): Date {
    return this.clock.now();
  }

  /** How long a lease lasts: a leased job whose writer died is run by a loop this long after it was written. */
  get lease(): number {
    return this.leaseMs;
  }

  /**
   * Runs a job this instance wrote leased to itself (leasedJobPlaceholderSql) once its statement
   * committed, without waiting for it: after the answer, as the runner's own work. A failure is retried
   * by the loop like any other (never throws); `settled` waits for every such run.
   */
  runLeased(job: { id: string; kind: string; payload: JobPayload }): void {
    const now = this.clock.now();
    const run = this.detached(async () => {
      try {
        await this.runOne({ ...job, attempts: 1, attempt: 1, now, preferenceRead: true }, now, () => this.leasedDone(job.id));
      } catch (err) {
        this.log.warn({ err, jobId: job.id }, 'leased job could not be run; the loop will once its lease ends');
      }
    });
    this.leased.add(run);
    void run.finally(() => this.leased.delete(run));
  }

  /** Resolves once every leased run started so far has finished (tests, the dev outbox, shutdown). */
  async settled(): Promise<void> {
    while (this.leased.size > 0) await Promise.allSettled([...this.leased]);
  }

  /** Housekeeping run by the started loop every `everyMs` (purges); not by runDueJobs. */
  every(name: string, everyMs: number, fn: () => Promise<void>): void {
    this.periodic.push({ name, everyMs, lastRun: 0, fn });
  }

  enqueue(job: EnqueueJob, db: Db = this.db): Promise<boolean> {
    return enqueueJob(db, job);
  }

  /** Runs every job due at `now` (including stale running ones), until none is left. */
  async runDueJobs(now: Date = this.clock.now()): Promise<RunSummary> {
    const summary: RunSummary = { done: 0, retried: 0, failed: 0 };
    // Bounded, so a handler that keeps enqueueing due work cannot hold the loop forever.
    for (let round = 0; round < 100; round++) {
      const claimed = await this.claim(now);
      if (claimed.length === 0) break;
      for (const job of claimed) {
        const outcome = await this.runOne(job, now);
        summary[outcome] += 1;
      }
      if (claimed.length < this.batchSize) break;
    }
    return summary;
  }

  /**
   * The loop's claim of due jobs as a named statement: it runs every `pollMs` on every instance, and as an
   * unnamed one it was parsed and planned at each poll, on PGlite on the server's own thread (7-11 ms of CPU
   * at load 29, issue 40). The same statement as the claim of one job below, with the loop's condition.
   */
  private claimDueStatement: { execute(params: { now: string; lockedUntil: string }): Promise<Array<ClaimedRow>> } | undefined;

  private async claim(now: Date, only?: SQL): Promise<Array<JobRun & { attempts: number }>> {
    const nowIso = now.toISOString();
    const lockedUntil = new Date(now.getTime() + this.leaseMs).toISOString();
    let rows: ClaimedRow[];
    if (only) {
      rows = rowsOf<ClaimedRow>(
        await this.db.execute(sql`
      update scheduled_jobs j
         set status = 'running', attempts = j.attempts + 1, locked_until = ${lockedUntil}::timestamptz, updated_at = now()
       where j.id in (
         select id from scheduled_jobs
          where ${only}
          order by run_at
          limit ${this.batchSize}
          for update skip locked)
      returning j.id, j.kind, j.payload, j.attempts`),
      );
    } else {
      this.claimDueStatement ??= this.prepareClaimDue();
      rows = await this.claimDueStatement.execute({ now: nowIso, lockedUntil });
    }
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as JobPayload) : (r.payload ?? {}),
      attempts: Number(r.attempts),
      attempt: Number(r.attempts),
      now,
    }));
  }

  private prepareClaimDue() {
    const j = scheduledJobs;
    const now = sql`${sql.placeholder('now')}::timestamptz`;
    const due = this.db
      .select({ id: j.id })
      .from(j)
      .where(sql`(${j.status} = 'pending' and ${j.runAt} <= ${now}) or (${j.status} = 'running' and ${j.lockedUntil} < ${now})`)
      .orderBy(j.runAt)
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    return this.db
      .update(j)
      .set({ status: 'running', attempts: sql`${j.attempts} + 1`, lockedUntil: sql`${sql.placeholder('lockedUntil')}::timestamptz`, updatedAt: sql`now()` })
      .where(inArray(j.id, due))
      .returning({ id: j.id, kind: j.kind, payload: j.payload, attempts: j.attempts })
      .prepare('jobs_claim_due');
  }

  private async runOne(job: JobRun & { attempts: number }, now: Date, markDone?: () => Promise<void>): Promise<keyof RunSummary> {
    const stopTimer = metrics.jobDuration.startTimer({ kind: job.kind });
    const outcome = await this.runOneUntimed(job, now, markDone);
    stopTimer();
    metrics.jobRuns.inc({ kind: job.kind, outcome });
    return outcome;
  }

  private async runOneUntimed(job: JobRun & { attempts: number }, now: Date, markDone?: () => Promise<void>): Promise<keyof RunSummary> {
    const registered = this.handlers.get(job.kind);
    // Only finish the job if it is still ours: same attempt count (nobody took it back meanwhile).
    const ours: SQL = sql`id = ${job.id} and status = 'running' and attempts = ${job.attempts}`;
    let final = false;
    try {
      if (!registered) throw new Error(`No handler for job kind ${job.kind}`);
      let payload: JobPayload = job.payload;
      if (registered.schema) {
        const parsed = registered.schema.safeParse(job.payload);
        // A payload that does not parse never will: fail for good, for an operator to look at.
        if (!parsed.success) {
          final = true;
          throw new Error(`Invalid payload for job ${job.kind}: ${parsed.error.message}`);
        }
        payload = parsed.data;
      }
      await (registered.handler as JobHandler)({ ...job, payload });
      if (markDone) await markDone();
      else await this.db.execute(sql`update scheduled_jobs set status = 'done', locked_until = null, last_error = null, updated_at = now() where ${ours}`);
      return 'done';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      final ||= job.attempts >= this.maxAttempts;
      const delay = Math.min(BACKOFF_BASE_MS * 2 ** (job.attempts - 1), BACKOFF_MAX_MS);
      const runAt = new Date(now.getTime() + delay).toISOString();
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, final, err: message }, 'job failed');
      await this.db.execute(sql`
        update scheduled_jobs
           set status = ${final ? 'failed' : 'pending'}, run_at = ${runAt}::timestamptz, locked_until = null,
               last_error = ${message.slice(0, 2000)}, updated_at = now()
         where ${ours}`);
      return final ? 'failed' : 'retried';
    }
  }

  /** Starts the polling loop (main.ts). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      try {
        const work = this.runDueJobs().then(() => this.runPeriodic());
        this.running = work;
        await work;
      } catch (err) {
        this.log.error({ err }, 'job runner round failed');
      } finally {
        this.running = undefined;
        if (!this.stopped) {
          this.timer = setTimeout(tick, this.pollMs);
          this.timer.unref();
        }
      }
    };
    this.timer = setTimeout(tick, 0);
    this.timer.unref();
  }

  private async runPeriodic() {
    const t = Date.now();
    for (const p of this.periodic) {
      if (t - p.lastRun < p.everyMs) continue;
      p.lastRun = t;
      await p.fn().catch((err) => this.log.warn({ err, task: p.name }, 'periodic task failed'));
    }
  }

  /** Stops the loop and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
    await this.settled();
  }
}

/**
 * The housekeeping of the job runner (`ctx.jobs`) and its stop on close; the loop only runs once main.ts
 * calls startJobRunner. Given only the runner and the database, not the whole AppContext.
 */
export const jobsPlugin: FastifyPluginAsync<{ jobs: JobRunner; db: Db }> = async (app, { jobs, db }) => {
  // Finished jobs are kept a week for inspection, then removed.
  jobs.every('purge-finished-jobs', 3_600_000, async () => {
    await db.execute(sql`delete from scheduled_jobs where status = 'done' and updated_at < now() - interval '7 days'`);
  });
  app.addHook('onClose', async () => jobs.stop());
};
(jobsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** main.ts, after listen: `startJobRunner(app);` (stopped by app.close()). */
export function startJobRunner(app: { ctx: { jobs: Pick<JobRunner, 'start'> } }): void {
  app.ctx.jobs.start();
}
