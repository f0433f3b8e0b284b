/** The chat module's durable jobs (platform/jobs.ts). */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/** After a message committed: a web push to the other party's browsers, unless they are online. */
export const CHAT_PUSH_JOB = defineJob('chat.push', z.object({ messageId: z.string().min(1) }));
