/** Durable jobs of accounts and retention (issue 41). */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/**
 * The daily retention sweep (docs/retention.md). Every instance asks for today's job each hour; the
 * dedupe key (the UTC day) keeps one job a day across instances, and a job runs on one instance only.
 */
export const RETENTION_SWEEP_JOB = defineJob('account.retention-sweep', z.object({ day: z.string() }));
