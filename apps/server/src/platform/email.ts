import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository, OutboxRow } from './outbox';

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

export function createEmailSender(opts: {
  smtpUrl?: string;
  from: string;
  outbox?: OutboxRepository;
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
  return {
    async send(message) {
      if (opts.outbox) await opts.outbox.add(outboxRow(message));
      await deliver(message);
    },
    prepare(message) {
      return { outbox: opts.outbox ? outboxRow(message) : undefined, deliver: () => deliver(message) };
    },
  };
}

export function redactAddress(addr: string) {
  const [local = '', domain = ''] = addr.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
