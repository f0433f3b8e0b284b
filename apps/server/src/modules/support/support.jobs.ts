/** The support module's durable jobs (platform/jobs.ts). */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/**
 * SUPPORT_RULES.autoCloseDays after a ticket was resolved: closes it if it is still that resolution
 * (`resolvedAt`); reopened since, or resolved again later (another job), it does nothing.
 */
export const SUPPORT_AUTO_CLOSE_JOB = defineJob('support.auto_close', z.object({ ticketId: z.string().min(1), resolvedAt: z.string().min(1) }));

/** After an answer committed: a web push to the person's browsers, when they take push. */
export const SUPPORT_PUSH_JOB = defineJob('support.push', z.object({ messageId: z.string().min(1) }));
