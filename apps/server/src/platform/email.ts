import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isPhonePlaceholderEmail } from '@khedma/shared/domain/phone-accounts';
import { defineJob, type JobRunner } from './jobs';
import type { NotificationChannel } from '@khedma/shared';
import type { OutboxRow, OutboxSink } from './outbox-sink';

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

/** A send split in two (EmailSender.prepare): the outbox row, and the delivery. */
export interface PreparedEmail {
  /** The outbox row (outside production), for the caller to insert with its own write. */
  outbox?: OutboxRow;
  /** Delivers the message (SMTP), to call once the caller's write has committed. */
  deliver(): Promise<void>;
  /** False when there is nowhere to deliver (no SMTP: the outbox copy is all there is). */
  needsDelivery: boolean;
}

/** Sends email. SMTP (nodemailer) when SMTP_URL is set; outside production every message also lands in the outbox. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  /**
   * The same send in two halves, for a caller that writes the outbox row in its own statement (no
   * round trip of its own, and the row exists exactly when the caller's change does). Optional:
   * without it, callers use `send` after their write.
   */
  prepare?(message: EmailMessage): PreparedEmail;
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
  const outboxRow = (message: EmailMessage): OutboxRow => ({ channel: 'email', to: message.to, subject: message.subject, text: message.text, html: message.html });
  async function deliver(message: EmailMessage) {
    if (transport) {
      await transport.sendMail({ from: opts.from, ...message });
    } else if (!opts.outbox) {
      // Production without SMTP: the message cannot go anywhere; say so loudly, once per send.
      opts.log.warn({ to: redactAddress(message.to), subject: message.subject }, 'email not sent: SMTP_URL is not set');
    }
  }
  const clean = (message: EmailMessage): EmailMessage => ({ ...message, subject: plainSubject(message.subject) });
  return {
    async send(sent) {
      // A phone account's placeholder address (docs/accounts.md#phone-sign-in) can receive nothing.
      if (isPhonePlaceholderEmail(sent.to)) return;
      const message = clean(sent);
      if (opts.outbox) await opts.outbox.add(outboxRow(message));
      await deliver(message);
    },
    prepare(prepared) {
      const message = clean(prepared);
      if (isPhonePlaceholderEmail(message.to)) return { outbox: undefined, deliver: async () => {}, needsDelivery: false };
      return { outbox: opts.outbox ? outboxRow(message) : undefined, deliver: () => deliver(message), needsDelivery: transport !== undefined };
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
 * The delivery of one email; `outboxed`: its outbox copy was written with the change that sent it;
 * `userId`: a notification to that user, sent only if they take email notifications when it runs
 * (docs/chat.md#notification-preferences). Without it (account and security emails, support): always.
 */
export const SEND_EMAIL_JOB = defineJob('email.send', z.object({ message: emailMessageSchema, outboxed: z.boolean(), userId: z.string().optional() }));

/** Options of a notification email. */
export interface NotifyOptions {
  /** The recipient's user id: the email respects their email preference when its job runs. */
  userId: string;
  /**
   * The preference as the statement that wrote the message's outbox row read it (that row is written
   * only if the user takes email): without SMTP, the delivery then reads it no second time.
   */
  allowedNow?: boolean;
}

/**
 * Emails sent after a commit (a booking confirmed, a contact message stored): the outbox copy is
 * written at once, and the delivery is a durable job (platform/jobs.ts) run at once, so a message
 * goes out as fast as with a direct send, and an SMTP failure is retried with backoff instead of
 * being logged and dropped. Without SMTP (development, tests) there is nothing to deliver and no job.
 */
export class Mailer {
  constructor(
    private readonly email: EmailSender,
    private readonly jobs: JobRunner,
    private readonly outbox: OutboxSink | undefined,
    private readonly preferences: ChannelPreferences,
    private readonly log?: FastifyBaseLogger,
  ) {
    jobs.register(SEND_EMAIL_JOB, async ({ payload }) => {
      if (payload.userId && !(await this.preferences.allows(payload.userId, 'email'))) {
        this.log?.debug({ userId: payload.userId }, 'email notification not sent: the user turned email off');
        return;
      }
      if (payload.outboxed && this.email.prepare) await this.email.prepare(payload.message).deliver();
      else await this.email.send(payload.message);
    });
  }

  /**
   * Sends after a commit. Throws only when the job cannot be stored (the database is down). With
   * `notify`, a notification: always a job (its outbox copy too is written when it runs), which sends
   * it only if the user takes email notifications then.
   */
  async send(message: EmailMessage, notify?: NotifyOptions): Promise<void> {
    if (notify) {
      const id = await this.jobs.schedule(SEND_EMAIL_JOB, { message, outboxed: false, userId: notify.userId });
      if (id) await this.jobs.runJob(id);
      return;
    }
    const prepared = this.email.prepare?.(message);
    if (prepared?.outbox && this.outbox) await this.outbox.add(prepared.outbox);
    await this.deliver(message, prepared);
  }

  /**
   * The delivery of a message whose outbox copy (if any) is written already, e.g. by the statement
   * that inserted the booking (EmailSender.prepare).
   */
  async deliver(message: EmailMessage, prepared?: PreparedEmail, notify?: NotifyOptions): Promise<void> {
    if (prepared && !prepared.needsDelivery) {
      // No SMTP: nothing can fail or be retried (production without SMTP warns here); a notification's
      // outbox row was written only if the user takes email (outboxPlaceholderSql).
      if (notify && !(notify.allowedNow ?? (await this.preferences.allows(notify.userId, 'email')))) return;
      await prepared.deliver();
      return;
    }
    const id = await this.jobs.schedule(SEND_EMAIL_JOB, { message, outboxed: prepared !== undefined, ...(notify ? { userId: notify.userId } : {}) });
    if (id) await this.jobs.runJob(id);
  }
}

export function redactAddress(addr: string) {
  const [local = '', domain = ''] = addr.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
