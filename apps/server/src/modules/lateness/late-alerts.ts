/**
 * The SMS, web push and WhatsApp of a delay notice (issue 41, docs/notifications.md#whatsapp): jobs written in the delay's transaction
 * (attendance.service.ts), run at once after the commit and retried by the loop. Each asks the
 * customer's preference when it runs, and renders the notice in their language then, with the arrival
 * then announced (a later notice replaces an earlier one). Push is skipped while they have the app
 * open: the realtime event shows it there.
 */
import { bookingReference } from '@khedma/shared';
import { delayAllowsFreeCancellation } from '@khedma/shared/domain/lateness';
import { toLocal } from '@khedma/shared/domain/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../platform/jobs';
import { smsNumberOf, type NotificationPreferencesStore } from '../profile';
import type { PresenceTracker } from '../../platform/presence';
import type { PushSender } from '../../platform/push';
import type { PushSubscriptions } from '../chat';
import { SmsDeliveryError, SmsUnavailableError, type SmsSender } from '../../platform/sms';
import type { RecipientsRepository } from '../auth';
import { runningLatePush, runningLateSms, type LateFacts } from './lateness.emails';
import { LATE_PUSH_JOB, LATE_SMS_JOB, LATE_WHATSAPP_JOB } from './lateness.jobs';
import { WhatsAppDeliveryError, type WhatsAppSender } from '../../platform/whatsapp';
import type { LatenessRepository } from './lateness.repository';

export interface LateAlertsDeps {
  db: Db;
  repo: LatenessRepository;
  recipients: RecipientsRepository;
  preferences: Pick<NotificationPreferencesStore, 'allows'>;
  subscriptions: PushSubscriptions;
  push: PushSender;
  sms: SmsSender;
  whatsapp: WhatsAppSender;
  presence: PresenceTracker;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

export function registerLateAlerts(d: LateAlertsDeps): void {
  async function facts(bookingId: string, userId: string) {
    const [b, [r]] = await Promise.all([d.repo.lockBooking(bookingId), d.recipients.recipients([userId])]);
    if (!b || !r || !b.expectedArrival || b.status !== 'confirmed' || b.arrivedAt) return null;
    const f: LateFacts = {
      reference: bookingReference(b.id),
      title: b.title,
      date: toLocal(b.scheduledStart).date,
      arrival: toLocal(b.expectedArrival).time,
      freeCancellation: delayAllowsFreeCancellation(b),
    };
    return { recipient: r, facts: f };
  }

  d.jobs.register(LATE_SMS_JOB, async ({ payload }) => {
    if (!(await d.preferences.allows(payload.userId, 'sms'))) return;
    const to = await smsNumberOf(d.db, payload.userId);
    if (!to) return;
    const found = await facts(payload.bookingId, payload.userId);
    if (!found) return;
    try {
      await d.sms.send(to, runningLateSms(found.recipient.locale, found.facts));
    } catch (err) {
      if (err instanceof SmsDeliveryError && err.retryable) throw err;
      if (!(err instanceof SmsUnavailableError || err instanceof SmsDeliveryError)) throw err;
      d.log.warn({ err, bookingId: payload.bookingId }, 'running-late SMS not sent');
    }
  });

  d.jobs.register(LATE_WHATSAPP_JOB, async ({ payload }) => {
    if (!(await d.preferences.allows(payload.userId, 'whatsapp'))) return;
    const to = await smsNumberOf(d.db, payload.userId);
    if (!to) return;
    const found = await facts(payload.bookingId, payload.userId);
    if (!found) return;
    try {
      await d.whatsapp.sendTemplate(to, 'khedma_pro_late', found.recipient.locale, { service: found.facts.title, time: found.facts.arrival, reference: found.facts.reference });
    } catch (err) {
      if (err instanceof WhatsAppDeliveryError && !err.retryable) d.log.warn({ err, bookingId: payload.bookingId }, 'running-late WhatsApp not sent');
      else throw err;
    }
  });

  d.jobs.register(LATE_PUSH_JOB, async ({ payload }) => {
    if (!d.push.enabled || !(await d.preferences.allows(payload.userId, 'push'))) return;
    const subscriptions = await d.subscriptions.of(payload.userId);
    if (subscriptions.length === 0 || (await d.presence.isOnline(payload.userId))) return;
    const found = await facts(payload.bookingId, payload.userId);
    if (!found) return;
    const notice = runningLatePush(found.recipient.locale, found.facts);
    await d.subscriptions.sendTo(subscriptions, { ...notice, url: '/dashboard/bookings', tag: `booking:${payload.bookingId}:late` }, { urgency: 'high', ttlSeconds: 3 * 3600 });
  });
}
