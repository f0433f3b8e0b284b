import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './outbox';

/** Sends SMS. No carrier is wired yet: outside production messages go to the outbox. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export class SmsUnavailableError extends Error {}

export function createSmsSender(opts: { outbox?: OutboxRepository; log: FastifyBaseLogger }): SmsSender {
  return {
    async send(to, text) {
      if (opts.outbox) {
        await opts.outbox.add({ channel: 'sms', to, subject: null, text });
        return;
      }
      opts.log.error({ to: to.slice(0, 6) + '***' }, 'SMS not sent: no SMS provider configured');
      throw new SmsUnavailableError('No SMS provider is configured');
    },
  };
}
