/**
 * Booking reminders (docs/notifications.md#reminders): 19:00 Casablanca the evening before and two hours
 * before the start, to the customer, on each channel they take (email, SMS, WhatsApp). Scheduled as
 * durable jobs in the transaction that confirms the booking, one per reminder and channel, each with a
 * dedupe key of booking, kind, channel and start: scheduled once however many instances or retries
 * (platform/jobs.ts), and a moved booking's new confirmation schedules new ones. When a job runs it sends
 * only if the booking is still confirmed at that start (cancelled or moved: nothing) and the customer
 * still takes that channel.
 */
import { bookingReference, isPhonePlaceholderEmail, reminderKey, reminderTimes, type ReminderKind } from '@khedma/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/email';
import type { JobRunner, PayloadOf } from '../../platform/jobs';
import { smsNumberOf, type NotificationPreferencesStore } from '../profile';
import { SmsDeliveryError, SmsUnavailableError, type SmsSender } from '../../platform/sms';
import { WhatsAppDeliveryError, type WhatsAppSender } from '../../platform/whatsapp';
import type { RecipientsRepository } from '../auth';
import type { BookingsRepository } from './bookings.repository';
import { reminderEmail, reminderSms } from './reminders.emails';
import { bookingNamesIn, formatDateTime } from './bookings.emails';
import { BOOKING_REMINDER_JOB } from './bookings.jobs';

const CHANNELS = ['email', 'sms', 'whatsapp'] as const;

export interface BookingRemindersDeps {
  db: Db;
  repo: BookingsRepository;
  recipients: RecipientsRepository;
  preferences: Pick<NotificationPreferencesStore, 'allows'>;
  mailer: Mailer;
  sms: SmsSender;
  whatsapp: WhatsAppSender;
  jobs: JobRunner;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export class BookingReminders {
  constructor(private readonly d: BookingRemindersDeps) {
    d.jobs.register(BOOKING_REMINDER_JOB, ({ payload }) => this.send(payload));
  }

  /** In the confirming transaction (`tx`): the reminders of a booking starting at `start`, confirmed at `now`. */
  async schedule(tx: Db, bookingId: string, start: Date, now: Date): Promise<void> {
    for (const { kind, at } of reminderTimes(start, now)) {
      for (const channel of CHANNELS) {
        await this.d.jobs.schedule(
          BOOKING_REMINDER_JOB,
          { bookingId, kind, channel, start: start.toISOString() },
          { runAt: at, dedupeKey: `${reminderKey(bookingId, kind, start)}:${channel}`, db: tx },
        );
      }
    }
  }

  async send(p: PayloadOf<typeof BOOKING_REMINDER_JOB>): Promise<void> {
    const view = await this.d.repo.view(p.bookingId);
    // Stale: cancelled, completed, back to pending after a move, or moved to another start.
    if (!view || view.status !== 'confirmed' || view.scheduledStart.toISOString() !== p.start) return;
    if (!(await this.d.preferences.allows(view.userId, p.channel))) return;
    const [r] = await this.d.recipients.recipients([view.userId]);
    if (!r) return;
    const facts = {
      title: bookingNamesIn(view, r.locale).title,
      date: formatDateTime(view.scheduledStart, r.locale),
      reference: bookingReference(view.id),
    };
    const kind: ReminderKind = p.kind;
    if (p.channel === 'email') {
      if (isPhonePlaceholderEmail(r.email)) return;
      await this.d.mailer.send({ to: r.email, ...reminderEmail(kind, r.locale, { ...facts, name: r.name, url: `${this.d.publicUrl}/dashboard/bookings` }) });
      return;
    }
    const to = await smsNumberOf(this.d.db, view.userId);
    if (!to) return;
    try {
      if (p.channel === 'sms') await this.d.sms.send(to, reminderSms(kind, r.locale, facts));
      else await this.d.whatsapp.sendTemplate(to, 'khedma_booking_reminder', r.locale, { service: facts.title, date: facts.date, reference: facts.reference });
    } catch (err) {
      // Retried only when it may pass; a refused number or no provider will not improve.
      if ((err instanceof SmsDeliveryError || err instanceof WhatsAppDeliveryError) && err.retryable) throw err;
      if (!(err instanceof SmsUnavailableError || err instanceof SmsDeliveryError || err instanceof WhatsAppDeliveryError)) throw err;
      this.d.log.warn({ err, bookingId: view.id, channel: p.channel }, 'booking reminder not sent');
    }
  }
}
