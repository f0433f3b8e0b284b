/**
 * Status changes by web push, SMS and WhatsApp (docs/bookings.md#notifications), beside the emails: one durable
 * job per recipient and channel, written in the change's transaction and run at once after its commit. Each job asks
 * the recipient's preference when it runs (a channel turned off meanwhile stays off), renders the
 * notice in their language then, and sends: push to every browser they subscribed (a browser the push
 * service says is gone is deleted) unless they have the app open (its realtime event shows the
 * change), SMS to their phone. Failures that may pass are retried by the job queue.
 */
import type { FastifyBaseLogger } from 'fastify';
import { bookingReference } from '@khedma/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../platform/jobs';
import type { JobRunner } from '../../platform/jobs';
import type { NotificationPreferencesStore } from '../profile';
import { channelAllowedSql, smsNumberOf } from '../profile';
import type { PresenceTracker } from '../../platform/presence';
import type { PushSender } from '../../platform/push';
import type { PushSubscriptions } from '../chat';
import { SmsDeliveryError, SmsUnavailableError, type SmsSender } from '../../platform/sms';
import type { RecipientsRepository } from '../auth';
import type { BookingsRepository } from './bookings.repository';
import { WhatsAppDeliveryError, type WhatsAppSender } from '../../platform/whatsapp';
import { BOOKING_PUSH_JOB, BOOKING_SMS_JOB, BOOKING_WHATSAPP_JOB } from './bookings.jobs';
import { bookingNamesIn, formatDateTime, formatMoney } from './bookings.emails';
import { bookingNotice, bookingSms, isNoticeKind, isWhatsAppKind, type NoticeKind, type WhatsAppKind } from './bookings.notices';

export interface BookingAlertsDeps {
  db: Db;
  repo: BookingsRepository;
  recipients: RecipientsRepository;
  preferences: Pick<NotificationPreferencesStore, 'allows'>;
  subscriptions: PushSubscriptions;
  push: PushSender;
  sms: SmsSender;
  whatsapp?: WhatsAppSender;
  presence: PresenceTracker;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

export class BookingAlerts {
  constructor(private readonly d: BookingAlertsDeps) {
    d.jobs.register(BOOKING_PUSH_JOB, ({ payload }) => this.push(payload.bookingId, payload.userId, payload.kind));
    d.jobs.register(BOOKING_SMS_JOB, ({ payload }) => this.sms(payload.bookingId, payload.userId, payload.kind));
    d.jobs.register(BOOKING_WHATSAPP_JOB, ({ payload }) => this.whatsapp(payload.bookingId, payload.userId, payload.kind));
  }

  /**
   * In the transaction of a change (`tx`): the push and SMS jobs of each notice (kinds that are not
   * notices, such as the customer's own cancellation, have none), and the WhatsApp job of the kinds
   * with a template, written only where they can reach someone (a subscribed browser; SMS or WhatsApp
   * turned on), read in `tx`. Answers their ids, for `run` after the commit.
   */
  async write(tx: Db, bookingId: string, notices: ReadonlyArray<{ userId: string; kind: string }>): Promise<string[]> {
    const ids: string[] = [];
    for (const n of notices) {
      const kind = n.kind;
      const notice = isNoticeKind(kind);
      const whatsapp = isWhatsAppKind(kind) && !!this.d.whatsapp;
      if (!notice && !whatsapp) continue;
      const [reach] = rowsOf<{ push: boolean; sms: boolean; whatsapp: boolean }>(
        await tx.execute(sql`
          select exists (select 1 from push_subscriptions where user_id = ${n.userId}) as push,
                 ${channelAllowedSql(n.userId, 'sms')} as sms,
                 ${channelAllowedSql(n.userId, 'whatsapp')} as whatsapp`),
      );
      const written: Array<string | null> = [];
      if (isNoticeKind(kind)) {
        const payload = { bookingId, userId: n.userId, kind };
        if (this.d.push.enabled && reach?.push) written.push(await this.d.jobs.schedule(BOOKING_PUSH_JOB, payload, { db: tx }));
        if (reach?.sms) written.push(await this.d.jobs.schedule(BOOKING_SMS_JOB, payload, { db: tx }));
      }
      if (whatsapp && isWhatsAppKind(kind) && reach?.whatsapp) written.push(await this.d.jobs.schedule(BOOKING_WHATSAPP_JOB, { bookingId, userId: n.userId, kind }, { db: tx }));
      for (const id of written) if (id) ids.push(id);
    }
    return ids;
  }

  /** After the commit: the jobs `write` wrote, run at once (a failure stays queued and is retried; never throws). */
  async run(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.d.jobs.runJob(id);
      } catch (err) {
        this.d.log.error({ err, jobId: id }, 'booking notice could not be run');
      }
    }
  }

  private async facts(bookingId: string, userId: string) {
    const [view, [recipient]] = await Promise.all([this.d.repo.view(bookingId), this.d.recipients.recipients([userId])]);
    if (!view || !recipient) return null;
    return { view, recipient, facts: { reference: bookingReference(view.id), title: bookingNamesIn(view, recipient.locale).title, start: view.scheduledStart } };
  }

  private async push(bookingId: string, userId: string, kind: NoticeKind): Promise<void> {
    if (!this.d.push.enabled || !(await this.d.preferences.allows(userId, 'push'))) return;
    const subscriptions = await this.d.subscriptions.of(userId);
    if (subscriptions.length === 0 || (await this.d.presence.isOnline(userId))) return;
    const found = await this.facts(bookingId, userId);
    if (!found) return;
    const { view, recipient, facts } = found;
    const notice = bookingNotice(kind, recipient.locale, facts);
    const url = kind === 'completed' ? `/review/${view.id}` : userId === view.userId ? '/dashboard/bookings' : '/pro-bookings';
    await this.d.subscriptions.sendTo(subscriptions, { ...notice, url, tag: `booking:${view.id}` }, { urgency: 'high', ttlSeconds: 24 * 3600 });
  }

  /**
   * A change by WhatsApp, where the user opted in, by its approved template (platform/whatsapp-templates.ts):
   * the confirmation, the payment received (the booking's total), or the refund on its way (what was
   * decided back to the card: nothing is sent when nothing was paid).
   */
  private async whatsapp(bookingId: string, userId: string, kind: WhatsAppKind): Promise<void> {
    if (!this.d.whatsapp || !(await this.d.preferences.allows(userId, 'whatsapp'))) return;
    const to = await smsNumberOf(this.d.db, userId);
    if (!to) return;
    const found = await this.facts(bookingId, userId);
    if (!found) return;
    const { view, recipient, facts } = found;
    const service = facts.title;
    try {
      if (kind === 'confirmed') {
        await this.d.whatsapp.sendTemplate(to, 'khedma_booking_confirmed', recipient.locale, { service, date: formatDateTime(facts.start, recipient.locale), reference: facts.reference });
      } else if (kind === 'paid') {
        await this.d.whatsapp.sendTemplate(to, 'khedma_payment_received', recipient.locale, { amount: formatMoney(view.totalAmount), service, reference: facts.reference });
      } else {
        const refund = view.refundedToCard + view.refundPending;
        if (refund <= 0) return;
        await this.d.whatsapp.sendTemplate(to, 'khedma_refund_sent', recipient.locale, { amount: formatMoney(refund), reference: facts.reference });
      }
    } catch (err) {
      if (err instanceof WhatsAppDeliveryError && !err.retryable) this.d.log.warn({ err, bookingId }, 'booking WhatsApp not sent');
      else throw err;
    }
  }

  private async sms(bookingId: string, userId: string, kind: NoticeKind): Promise<void> {
    if (!(await this.d.preferences.allows(userId, 'sms'))) return;
    const to = await smsNumberOf(this.d.db, userId);
    if (!to) return;
    const found = await this.facts(bookingId, userId);
    if (!found) return;
    try {
      await this.d.sms.send(to, bookingSms(kind, found.recipient.locale, found.facts));
    } catch (err) {
      // Retried only when it may pass; a refused number or no provider will not improve.
      if (err instanceof SmsDeliveryError && err.retryable) throw err;
      if (!(err instanceof SmsUnavailableError || err instanceof SmsDeliveryError)) throw err;
      this.d.log.warn({ err, bookingId }, 'booking SMS not sent');
    }
  }
}
