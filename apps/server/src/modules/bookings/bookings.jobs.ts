/** The bookings module's durable jobs (platform/jobs.ts): status notices by web push and SMS. */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { REMINDER_KINDS } from '@khedma/shared';
import { NOTICE_KINDS, WHATSAPP_KINDS } from './bookings.notices';

const notice = z.object({ bookingId: z.string().min(1), userId: z.string().min(1), kind: z.enum(NOTICE_KINDS) });

/** After a status change committed: a web push to the user's browsers (if they take push then). */
export const BOOKING_PUSH_JOB = defineJob('booking.push', notice);

/** After a status change committed: an SMS to the user's phone (if they take SMS then). */
export const BOOKING_SMS_JOB = defineJob('booking.sms', notice);

/** After a change committed: a WhatsApp template to the user's phone (if they opted in), for the kinds with a template. */
export const BOOKING_WHATSAPP_JOB = defineJob('booking.whatsapp', notice.extend({ kind: z.enum(WHATSAPP_KINDS) }));

/**
 * A booking reminder on one channel (docs/notifications.md#reminders): the evening before and two hours
 * before, scheduled when the booking is confirmed. `start` is the start it was scheduled for: a booking
 * moved or cancelled since sends nothing (its new confirmation schedules its own).
 */
export const BOOKING_REMINDER_JOB = defineJob(
  'booking.reminder',
  z.object({ bookingId: z.string().min(1), kind: z.enum(REMINDER_KINDS), channel: z.enum(['email', 'sms', 'whatsapp']), start: z.iso.datetime() }),
);
