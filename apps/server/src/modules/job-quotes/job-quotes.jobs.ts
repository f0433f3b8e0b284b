/** Durable jobs of job requests (docs/job-quotes.md). */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/** The day after a request's closing day: it stops taking quotes (and its open quotes are declined). */
export const EXPIRE_JOB_REQUEST_JOB = defineJob('job-request.expire', z.object({ requestId: z.string() }));
