/** The bookings module's durable jobs (platform/jobs.ts): status notices by web push and SMS. */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { NOTICE_KINDS } from './bookings.notices';

const notice = z.object({ bookingId: z.string().min(1), userId: z.string().min(1), kind: z.enum(NOTICE_KINDS) });

/** After a status change committed: a web push to the user's browsers (if they take push then). */
export const BOOKING_PUSH_JOB = defineJob('booking.push', notice);

/** After a status change committed: an SMS to the user's phone (if they take SMS then). */
export const BOOKING_SMS_JOB = defineJob('booking.sms', notice);
