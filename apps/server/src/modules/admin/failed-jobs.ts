/**
 * Deliveries that failed for good (docs/admin.md): a durable job whose every retry failed (an email
 * the SMTP server kept refusing, a push the service kept failing) is left `failed` by the job runner.
 * Until now only an operator reading the table knew; the admin overview lists them for super_admin
 * (`jobs:manage`), masked, and a retry puts the job back in the queue and runs it at once.
 */
import { ADMIN_MESSAGES, can, errorResponseSchema, failedJobParamsSchema, failedJobsResponseSchema, maskEmail, pageQuerySchema, retryFailedJobResponseSchema, type FailedJobEntry, type SessionUser } from '@khedma/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { scheduledJobs } from '../../db/schema/index';
import { forbidden, notFound } from '../../http/errors';
import { signedIn } from '../../http/openapi';
import type { Clock } from '../../platform/clock';
import type { JobRunner } from '../../platform/jobs';
import { requirePermission } from '../auth';

type JobRow = typeof scheduledJobs.$inferSelect;

/** What an admin may see of a failed job: the channel, the masked recipient, the subject, the error's first line. */
export function failedJobEntry(row: JobRow): FailedJobEntry {
  const message = row.kind === 'email.send' ? ((row.payload as { message?: { to?: unknown; subject?: unknown } }).message ?? {}) : {};
  const to = typeof message.to === 'string' ? message.to : null;
  return {
    id: row.id,
    kind: row.kind,
    channel: row.kind === 'email.send' ? 'email' : row.kind.endsWith('.push') ? 'push' : 'other',
    recipient: to ? maskEmail(to) : null,
    subject: typeof message.subject === 'string' ? message.subject : null,
    attempts: row.attempts,
    lastError: row.lastError ? row.lastError.split('\n')[0]!.slice(0, 300) : null,
    failedAt: row.updatedAt.toISOString(),
  };
}

export class FailedJobsService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobRunner, 'runJob'>,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  async list(user: SessionUser, page: number, pageSize: number) {
    if (!can(user, 'jobs:manage')) throw forbidden(ADMIN_MESSAGES.accessDenied);
    const failed = eq(scheduledJobs.status, 'failed');
    const [items, [total]] = await Promise.all([
      this.db.select().from(scheduledJobs).where(failed).orderBy(desc(scheduledJobs.updatedAt), desc(scheduledJobs.id)).limit(pageSize).offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(scheduledJobs).where(failed),
    ]);
    return { items: items.map(failedJobEntry), total: Number(total?.n ?? 0), page, pageSize };
  }

  /** Back in the queue with its attempts reset, run at once; the answer says how that run ended. */
  async retry(user: SessionUser, id: string) {
    if (!can(user, 'jobs:manage')) throw forbidden(ADMIN_MESSAGES.accessDenied);
    // Due at the instant the run below uses: the database's now() carries microseconds and the job runner's
    // clock milliseconds, so run_at = now() could be a few microseconds after the run's now (skipped, 'pending').
    const now = this.clock.now();
    const [row] = await this.db
      .update(scheduledJobs)
      .set({ status: 'pending', attempts: 0, runAt: now, lockedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(scheduledJobs.id, id), eq(scheduledJobs.status, 'failed')))
      .returning({ id: scheduledJobs.id });
    if (!row) throw notFound('This delivery is not waiting for a retry.');
    await this.jobs.runJob(id, now);
    const [after] = await this.db.select({ status: scheduledJobs.status }).from(scheduledJobs).where(eq(scheduledJobs.id, id));
    const status = after?.status === 'done' ? 'done' : after?.status === 'failed' ? 'failed' : 'pending';
    return { id, status } as const;
  }
}

const tags = ['admin'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const user = (req: FastifyRequest) => req.user as SessionUser;
const jobsManagers = requirePermission('jobs:manage', ADMIN_MESSAGES.accessDenied);

export const failedJobsRoutes: FastifyPluginAsyncZod<{ service: FailedJobsService }> = async (app, { service }) => {
  app.get(
    '/api/admin/failed-jobs',
    {
      preHandler: jobsManagers,
      schema: {
        tags,
        summary: 'Deliveries and jobs that failed for good, newest first (super_admin; recipients masked)',
        security: signedIn,
        querystring: pageQuerySchema,
        response: { 200: failedJobsResponseSchema, ...errors },
      },
    },
    async (req) => service.list(user(req), req.query.page, req.query.pageSize),
  );

  app.post(
    '/api/admin/failed-jobs/:id/retry',
    {
      preHandler: jobsManagers,
      schema: {
        tags,
        summary: 'Retry a failed delivery now (super_admin): back in the queue, attempts reset, run at once',
        security: signedIn,
        params: failedJobParamsSchema,
        response: { 200: retryFailedJobResponseSchema, ...errors },
      },
    },
    async (req) => service.retry(user(req), req.params.id),
  );
};
