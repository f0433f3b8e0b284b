/**
 * How a booking change is told, written in the change's own transaction (issue 39): the realtime event
 * to the customer and the professional (a NOTIFY, delivered at commit), the emails in each recipient's
 * language (ctx.mailer: a durable job each) and the push, SMS and WhatsApp jobs (alerts.service.ts);
 * run at once after the commit, retried by the job loop when delivery fails or the instance died
 * first. A new booking's are written by the statement that inserts it (`createdNotification`,
 * `createdEmail`).
 */
import { toLocal } from '@khedma/shared/domain/time';
import { bookingReference, type BookingAction } from '@khedma/shared';
import type { BookingEventData } from '@khedma/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EmailMessage, Mailer } from '../../platform/email';
import type { EnqueueJob } from '../../platform/jobs';
import type { RealtimeHub, RealtimeNotification } from '../../platform/realtime';
import type { Recipient, RecipientsRepository } from '../auth';
import { PRO_VISIBLE_PAYMENT, type BookingView } from './bookings.repository';
import type { BookingAlerts } from './alerts.service';
import { bookingEmail, bookingNamesIn, type BookingEmailKind } from './bookings.emails';

export interface EmailToSend {
  to: 'customer' | 'professional';
  kind: BookingEmailKind;
  fee?: number;
  refund?: number;
  /** Admin refund's reason; admin completion's notes. */
  reason?: string;
  notes?: string;
}

/** What `write` wrote in a change's transaction, for `run` after its commit. */
export interface Announcement {
  emailIds: string[];
  alertIds: string[];
  /** Whether every email was written (admin actions report it). */
  emailed: boolean;
}

export class BookingNotifier {
  constructor(
    private readonly recipients: RecipientsRepository,
    private readonly mailer: Mailer,
    private readonly realtime: RealtimeHub,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** Push and SMS of the same changes (each checks the recipient's preference when it runs). */
    private readonly alerts?: BookingAlerts,
  ) {}

  /**
   * Writes a change's announcement in its transaction `tx` (after the change, under its lock): the
   * realtime event to both parties (the professional once the booking is paid) as a NOTIFY that
   * PostgreSQL delivers at commit, each email's job (`Mailer.write`) and the push, SMS and WhatsApp
   * jobs (`BookingAlerts.write`), reading the recipients in `tx`. So the notices exist exactly when the
   * change does; `run` sends them once it committed. `emailed`: whether every email was written
   * (false when a recipient is missing or an email could not be rendered, logged). A statement that
   * fails throws, and the change with it.
   */
  async write(
    tx: Db,
    view: BookingView,
    action: BookingAction | 'paid',
    emails: readonly EmailToSend[] = [],
    /** Also tell this user (a professional the booking was taken from). */
    alsoTell: readonly string[] = [],
  ): Promise<Announcement> {
    const proSees = (PRO_VISIBLE_PAYMENT as readonly string[]).includes(view.paymentStatus);
    const users = [...(proSees ? [view.userId, view.proUserId] : [view.userId]), ...alsoTell];
    const event = this.realtime.notification(users, 'booking.updated', eventData(view, action));
    if (event) await tx.execute(sql`select pg_notify(${event.channel}, ${event.payload})`);
    const { ids: emailIds, emailed } = await this.writeEmails(tx, view, emails);
    // The same notices by push, SMS and WhatsApp, where the recipient takes them (email stays the record).
    const alertIds =
      (await this.alerts?.write(
        tx,
        view.id,
        emails.map((e) => ({ userId: e.to === 'customer' ? view.userId : view.proUserId, kind: e.kind })),
      )) ?? [];
    return { emailIds, alertIds, emailed };
  }

  /** After the commit of the change `write` announced: its emails and alerts sent at once (never throws). */
  async run(announced: Announcement): Promise<void> {
    await this.mailer.run(...announced.emailIds);
    await this.alerts?.run(announced.alertIds);
  }

  /**
   * The realtime event of a new booking (to its customer: an unpaid request is not the
   * professional's yet), to be sent by the statement that inserts it (see `created`).
   */
  createdNotification(view: BookingView): RealtimeNotification | null {
    return this.realtime.notification([view.userId], 'booking.created', eventData(view, 'created'));
  }

  /** The same event sent once the booking's statement committed (RealtimeHub.publishCommitted). Never throws. */
  async announceCreated(view: BookingView): Promise<void> {
    const event = this.createdNotification(view);
    if (event) await this.realtime.publishCommitted(event);
  }

  /**
   * The creation email to the customer as a job (Mailer.job) for the statement that inserts the booking
   * to write, leased to this instance, if the customer takes email notifications; `sendCreated` runs it
   * once that committed. Null when the rendering failed (logged): the booking is not refused for it.
   */
  createdEmail(view: BookingView, customer: Recipient): { job: EnqueueJob; userId: string; lockedUntil: Date } | null {
    try {
      const message = this.message(view, { to: 'customer', kind: 'created' }, customer);
      return { job: this.mailer.job(message, { userId: customer.userId }), userId: customer.userId, lockedUntil: this.mailer.leaseEnd() };
    } catch (err) {
      this.log.error({ err, bookingId: view.id }, 'booking email failed');
      return null;
    }
  }

  /** After the booking's statement committed with its email's job (`id`): runs it, after the answer. */
  sendCreated(id: string, job: EnqueueJob): void {
    this.mailer.runLeased(id, job);
  }

  private message(view: BookingView, e: EmailToSend, r: Recipient): EmailMessage {
    // A completed booking invites the customer to review it (the reviews capability's page).
    const path = e.kind === 'completed' ? `/review/${view.id}` : e.to === 'customer' ? '/dashboard/bookings' : '/pro-bookings';
    const url = `${this.publicUrl}${path}`;
    const rendered = bookingEmail(e.kind, r.locale, r.name, {
      reference: bookingReference(view.id),
      ...bookingNamesIn(view, r.locale),
      start: view.scheduledStart,
      total: view.totalAmount,
      fee: e.fee,
      refund: e.refund,
      reason: e.reason,
      notes: e.notes,
      url,
    });
    return { to: r.email, ...rendered };
  }

  private async writeEmails(tx: Db, view: BookingView, emails: readonly EmailToSend[]): Promise<{ ids: string[]; emailed: boolean }> {
    if (emails.length === 0) return { ids: [], emailed: true };
    const wanted = [...new Set(emails.map((e) => (e.to === 'customer' ? view.userId : view.proUserId)))];
    const recipients = await this.recipients.with(tx).recipients(wanted);
    const ids: string[] = [];
    let emailed = true;
    for (const e of emails) {
      const userId = e.to === 'customer' ? view.userId : view.proUserId;
      const r = recipients.find((x) => x.userId === userId);
      let message: EmailMessage;
      try {
        if (!r) throw new Error(`no recipient ${userId}`);
        message = this.message(view, e, r);
      } catch (err) {
        this.log.error({ err, bookingId: view.id }, 'booking email failed');
        emailed = false;
        continue;
      }
      // A notification: sent only if the recipient takes email when its job runs.
      const id = await this.mailer.write(tx, message, { userId });
      if (id) ids.push(id);
    }
    return { ids, emailed };
  }
}

function eventData(view: BookingView, action: BookingAction | 'created' | 'paid'): BookingEventData {
  return {
    bookingId: view.id,
    reference: bookingReference(view.id),
    status: view.status,
    paymentStatus: view.paymentStatus,
    scheduledStart: view.scheduledStart.toISOString(),
    localDate: toLocal(view.scheduledStart).date,
    action,
  };
}
