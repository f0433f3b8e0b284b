import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './outbox';

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

export function createEmailSender(opts: {
  smtpUrl?: string;
  from: string;
  outbox?: OutboxRepository;
  log: FastifyBaseLogger;
}): EmailSender {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(message) {
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

export function redactAddress(addr: string) {
  const [local = '', domain = ''] = addr.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
