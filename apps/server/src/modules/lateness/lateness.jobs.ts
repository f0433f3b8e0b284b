/** Durable jobs of running late (issue 41): the customer's SMS, web push and WhatsApp of a delay notice. */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

const notice = z.object({ bookingId: z.string().min(1), userId: z.string().min(1) });

/** Written in the delay's transaction: an SMS to the customer's phone, if they take SMS when it runs. */
export const LATE_SMS_JOB = defineJob('lateness.sms', notice);

/** Written in the delay's transaction: a web push to the customer's browsers, if they take push when it runs. */
export const LATE_PUSH_JOB = defineJob('lateness.push', notice);

/** Written in the delay's transaction: the WhatsApp template khedma_pro_late, if the customer opted in when it runs. */
export const LATE_WHATSAPP_JOB = defineJob('lateness.whatsapp', notice);
