import type { FastifyBaseLogger } from 'fastify';
import type { TwilioConfig } from '../config';
import type { OutboxSink } from './outbox-sink';

/**
 * Sends SMS (docs/decisions/0014-sms-provider.md). Outside production every message goes to the
 * outbox (GET /api/dev/outbox); in production through Twilio's Messages API when TWILIO_* are set.
 * A failed send throws: callers (durable jobs) retry a `retryable` failure and give up on the others.
 */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export class SmsUnavailableError extends Error {}

/** The provider refused or failed. `retryable`: worth trying again later (429, 5xx, network). */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly providerCode?: number,
  ) {
    super(message);
  }
}

const redact = (to: string) => to.slice(0, 6) + '***';

/**
 * Twilio's REST API with plain fetch: one form POST per message, so no SDK (its dependency tree is
 * large for this one call). https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 */
export class TwilioSmsSender implements SmsSender {
  constructor(
    private readonly config: TwilioConfig,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const { accountSid, authToken, from, messagingServiceSid, apiUrl } = this.config;
    const form = new URLSearchParams({ To: to, Body: text });
    // A Messaging Service picks the sender per country (an alphanumeric id where Morocco allows it).
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid);
    else if (from) form.set('From', from);
    let res: Response;
    try {
      res = await fetch(`${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      this.log.warn({ err, to: redact(to) }, 'SMS provider not reached');
      throw new SmsDeliveryError('The SMS provider could not be reached', true);
    }
    if (res.ok) {
      const body = (await res.json().catch(() => ({}))) as { sid?: string; status?: string };
      this.log.info({ to: redact(to), sid: body.sid, status: body.status }, 'SMS accepted by the provider');
      return;
    }
    const body = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
    const retryable = res.status === 429 || res.status >= 500;
    this.log.error({ to: redact(to), status: res.status, code: body.code, message: body.message }, 'SMS refused by the provider');
    throw new SmsDeliveryError(`SMS refused (${res.status}${body.code ? `, code ${body.code}` : ''})`, retryable, body.code);
  }
}

export function createSmsSender(opts: { outbox?: OutboxSink; twilio?: TwilioConfig; log: FastifyBaseLogger }): SmsSender {
  const outbox = opts.outbox;
  if (outbox) return { send: (to, text) => outbox.add({ channel: 'sms', to, subject: null, text }) };
  if (opts.twilio) return new TwilioSmsSender(opts.twilio, opts.log);
  return {
    async send(to) {
      opts.log.error({ to: redact(to) }, 'SMS not sent: no SMS provider configured (TWILIO_*)');
      throw new SmsUnavailableError('No SMS provider is configured');
    },
  };
}
