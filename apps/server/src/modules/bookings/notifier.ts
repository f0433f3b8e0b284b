/**
 * What happens around a booking change once it is committed: the realtime event to the customer and
 * the professional, and the emails in each recipient's language. Emails go through ctx.mailer: a
 * durable job each, sent at once and retried when delivery fails. Failures to announce are logged,
 * never thrown: the change itself is already saved, and clients re-fetch on reconnect. A new
 * booking's event is the exception: the statement that inserts it sends it (`createdNotification`).
 */
import { toLocal } from '@khedma/shared/domain/time';
import { bookingReference, type BookingAction } from '@khedma/shared';
import type { BookingEventData } from '@khedma/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
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
   * Tells both parties (the professional once the booking is paid) and sends the emails. Answers
   * whether every email was handed to the mailer (a durable job each); false when one could not be.
   */
  async announce(
    view: BookingView,
    action: BookingAction | 'created' | 'paid',
    emails: readonly EmailToSend[] = [],
    /** Recipients already known (the signed-in customer), saving a lookup. */
    known: readonly Recipient[] = [],
    /** Also tell this user (a professional the booking was taken from). */
    alsoTell: readonly string[] = [],
  ): Promise<boolean> {
    const data = eventData(view, action);
    const proSees = (PRO_VISIBLE_PAYMENT as readonly string[]).includes(view.paymentStatus);
    const users = [...(proSees ? [view.userId, view.proUserId] : [view.userId]), ...alsoTell];
    const [, emailed] = await Promise.all([
      action === 'created' ? this.realtime.toUsers([view.userId], 'booking.created', data) : this.realtime.toUsers(users, 'booking.updated', data),
      this.sendEmails(view, emails, known),
    ]);
    // The same notices by push and SMS, where the recipient takes them (email stays the record).
    await this.alerts?.enqueue(
      view.id,
      emails.map((e) => ({ userId: e.to === 'customer' ? view.userId : view.proUserId, kind: e.kind })),
    );
    return emailed;
  }

  /**
   * The realtime event of a new booking (to its customer: an unpaid request is not the
   * professional's yet), to be sent by the statement that inserts it (see `created`).
   */
  createdNotification(view: BookingView): RealtimeNotification | null {
    return this.realtime.notification([view.userId], 'booking.created', eventData(view, 'created'));
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

  private async sendEmails(view: BookingView, emails: readonly EmailToSend[], known: readonly Recipient[]): Promise<boolean> {
    if (emails.length === 0) return true;
    let sent = true;
    try {
      const wanted = [...new Set(emails.map((e) => (e.to === 'customer' ? view.userId : view.proUserId)))];
      const missing = wanted.filter((id) => !known.some((r) => r.userId === id));
      const recipients = [...known, ...(missing.length ? await this.recipients.recipients(missing) : [])];
      for (const e of emails) {
        const userId = e.to === 'customer' ? view.userId : view.proUserId;
        const r = recipients.find((x) => x.userId === userId);
        if (!r) {
          sent = false;
          continue;
        }
        // A notification: sent only if the recipient takes email when its job runs.
        await this.mailer.send(this.message(view, e, r), { userId });
      }
    } catch (err) {
      this.log.error({ err, bookingId: view.id }, 'booking email failed');
      return false;
    }
    return sent;
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
