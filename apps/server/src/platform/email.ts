import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isPhonePlaceholderEmail } from '@khedma/shared/domain/phone-accounts';
import { defineJob, jobOf, type EnqueueJob, type JobRunner, type PayloadOf } from './jobs';
import type { NotificationChannel } from '@khedma/shared';
import type { OutboxSink } from './outbox-sink';
import type { Db } from '../db/client';

/** Whether a user takes notifications on a channel now: the profile module's store, handed over by app.ts. */
export interface ChannelPreferences {
  allows(userId: string, channel: NotificationChannel): Promise<boolean>;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (the contact form sets the visitor's address). */
  replyTo?: string;
}

/** Sends email. SMTP (nodemailer) when SMTP_URL is set; outside production every message also lands in the outbox. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/**
 * A subject line from text people typed (a name in "Contact form: {name}"): a subject is plain text
 * on one header line, so tags are removed (and any stray angle bracket), every control character,
 * line break and bidirectional control becomes a space, runs of spaces one (no-break spaces stay), and it is cut at 200
 * characters. Every email's subject goes through it (createEmailSender), whatever its source (issue 38).
 */
export function plainSubject(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/[<>]/g, '')
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    // Only plain spaces are merged: money keeps its no-break spaces ("1 200 MAD").
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 200);
}

export function createEmailSender(opts: {
  smtpUrl?: string;
  from: string;
  outbox?: OutboxSink;
  log: FastifyBaseLogger;
}): EmailSender {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(sent) {
      // A phone account's placeholder address (docs/accounts.md#phone-sign-in) can receive nothing.
      if (isPhonePlaceholderEmail(sent.to)) return;
      const message: EmailMessage = { ...sent, subject: plainSubject(sent.subject) };
      if (opts.outbox) await opts.outbox.add({ channel: 'email', to: message.to, subject: message.subject, text: message.text, html: message.html });
      if (transport) {
        await transport.sendMail({ from: opts.from, ...message });
      } else if (!opts.outbox) {
        // Production without SMTP: the message cannot go anywhere; say so loudly, once per send.
        opts.log.warn({ to: redactAddress(message.to), subject: message.subject }, 'email not sent: SMTP_URL is not set');
      }
    },
  };
}

const emailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.string().optional(),
});

/**
 * The delivery of one email: the only way the app sends one (Mailer). `userId`: a notification to that
 * user, sent only if they take email notifications when it runs (docs/notifications.md). Without it
 * (account and security emails, support): always. Jobs stored before 2026-11-29 may carry `outboxed`,
 * which is ignored (zod drops unknown keys).
 */
export const SEND_EMAIL_JOB = defineJob('email.send', z.object({ message: emailMessageSchema, userId: z.string().optional() }));

/** Options of a notification email. */
export interface NotifyOptions {
  /** The recipient's user id: the email respects their email preference when its job runs. */
  userId: string;
}

/** Options of an email written in a transaction (`Mailer.write`). */
export interface WriteOptions extends Partial<NotifyOptions> {
  /** At most one such email per key (a change told once however often its step runs). */
  dedupeKey?: string;
}

/**
 * Every email the app sends, one way (issue 39): a durable job (`SEND_EMAIL_JOB`, platform/jobs.ts) that
 * writes the outbox copy (outside production) and delivers through SMTP, retried with backoff when
 * delivery fails. A caller with a transaction writes the job in it (`write(tx, ...)`, then `run(id)` after
 * the commit: the email exists exactly when the change does); `send` is the same for a caller without one
 * (the change is not the app's own transaction: better-auth's password reset). Nothing else schedules
 * `SEND_EMAIL_JOB`. The booking create
 * writes the job in its one statement, leased to its instance, and runs it after the answer
 * (docs/bookings.md#create-statements).
 */
export class Mailer {
  constructor(
    private readonly email: EmailSender,
    private readonly jobs: JobRunner,
    private readonly preferences: ChannelPreferences,
    private readonly log?: FastifyBaseLogger,
  ) {
    jobs.register(SEND_EMAIL_JOB, async ({ payload, preferenceRead }) => {
      // The statement that wrote a leased job read the preference already (its condition), the first run skips it.
      if (payload.userId && !preferenceRead && !(await this.preferences.allows(payload.userId, 'email'))) {
        this.log?.debug({ userId: payload.userId }, 'email notification not sent: the user turned email off');
        return;
      }
      await this.email.send(payload.message);
    });
  }

  /** The job of one email, for a caller that writes it with its own change (its transaction or statement). */
  job(message: EmailMessage, notify?: NotifyOptions): EnqueueJob {
    return jobOf(SEND_EMAIL_JOB, payloadOf(message, notify), { runAt: this.jobs.now() });
  }

  /**
   * Runs an email's job that the caller's statement wrote leased to this instance (the booking create,
   * `leasedJobPlaceholderSql` with `leaseEnd`), after its commit and without waiting (JobRunner.runLeased).
   */
  runLeased(id: string, job: EnqueueJob): void {
    this.jobs.runLeased({ id, kind: job.kind, payload: job.payload ?? {} });
  }

  /** Until when a job written now leased to this instance is its own (then any instance's loop runs it). */
  leaseEnd(): Date {
    return new Date(this.jobs.now().getTime() + this.jobs.lease);
  }

  /**
   * Writes one email's job in `db` (the caller's transaction, so it commits with the change that sends
   * it); `run` it after the commit. Returns its id (null when `dedupeKey` found it written already).
   * With `userId`, a notification (see `send`).
   */
  write(db: Db, message: EmailMessage, options: WriteOptions = {}): Promise<string | null> {
    return this.jobs.schedule(SEND_EMAIL_JOB, payloadOf(message, options), { db, dedupeKey: options.dedupeKey });
  }

  /** Runs written emails' jobs at once, after their commit (a failure stays queued and is retried; never throws). */
  async run(...ids: ReadonlyArray<string | null>): Promise<void> {
    for (const id of ids) if (id) await this.jobs.runJob(id);
  }

  /**
   * Sends one email outside any transaction: its job written now and run at once. Throws only when the
   * job cannot be stored (the database is down). With `notify`, a notification, sent only if the user
   * takes email notifications when the job runs.
   */
  async send(message: EmailMessage, notify?: NotifyOptions): Promise<void> {
    await this.run(await this.jobs.schedule(SEND_EMAIL_JOB, payloadOf(message, notify)));
  }
}

function payloadOf(message: EmailMessage, notify?: Partial<NotifyOptions>): PayloadOf<typeof SEND_EMAIL_JOB> {
  return { message, ...(notify?.userId ? { userId: notify.userId } : {}) };
}

export function redactAddress(addr: string) {
  const [local = '', domain = ''] = addr.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
