import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { VapidConfig } from '../config';
import type { OutboxSink } from './outbox-sink';

/**
 * Web push (VAPID) beside email and SMS (docs/decisions/0015-web-push.md): the maintained `web-push`
 * package encrypts the payload and signs the VAPID JWT. Outside production a push is recorded in the
 * outbox instead (channel `push`); in production it is sent when VAPID_* are set.
 */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  title: string;
  body: string;
  /** Opened on click (a path of the site). */
  url?: string;
  /** Replaces an earlier notification with the same tag (one per booking, one per conversation). */
  tag?: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds?: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** `gone`: the browser unsubscribed (404/410): the caller deletes the subscription. */
export type PushResult = { status: 'sent' } | { status: 'gone' };

export interface PushSender {
  /** Whether pushes can reach anyone (the web app asks for permission only then). */
  readonly enabled: boolean;
  /** The VAPID public key browsers subscribe with (null when push is off). */
  readonly publicKey: string | null;
  send(subscription: PushSubscriptionKeys, message: PushMessage, options?: PushOptions): Promise<PushResult>;
}

export class PushUnavailableError extends Error {}

/** The push service failed. `retryable`: 429 or 5xx or the network; the others will not improve. */
export class PushDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export class VapidPushSender implements PushSender {
  readonly enabled = true;
  readonly publicKey: string;

  constructor(
    private readonly vapid: VapidConfig,
    private readonly log: FastifyBaseLogger,
    /** Tests: an agent that trusts the fake push service's certificate. */
    private readonly agent?: Agent,
  ) {
    this.publicKey = vapid.publicKey;
  }

  async send(subscription: PushSubscriptionKeys, message: PushMessage, options: PushOptions = {}): Promise<PushResult> {
    try {
      await webpush.sendNotification(subscription, JSON.stringify(message), {
        vapidDetails: { subject: this.vapid.subject, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
        TTL: options.ttlSeconds ?? 24 * 60 * 60,
        urgency: options.urgency ?? 'normal',
        timeout: 10_000,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return { status: 'sent' };
    } catch (err) {
      if (err instanceof WebPushError) {
        if (err.statusCode === 404 || err.statusCode === 410) return { status: 'gone' };
        this.log.warn({ status: err.statusCode, host: safeHost(subscription.endpoint) }, 'push refused by the push service');
        throw new PushDeliveryError(`push refused (${err.statusCode})`, err.statusCode === 429 || err.statusCode >= 500);
      }
      this.log.warn({ err, host: safeHost(subscription.endpoint) }, 'push service not reached');
      throw new PushDeliveryError('the push service could not be reached', true);
    }
  }
}

function safeHost(endpoint: string) {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}

/** Outside production: the push is recorded in the outbox (to = the endpoint's host, text = the JSON message). */
export class OutboxPushSender implements PushSender {
  readonly enabled = true;

  constructor(
    private readonly outbox: OutboxSink,
    readonly publicKey: string | null,
  ) {}

  async send(subscription: PushSubscriptionKeys, message: PushMessage): Promise<PushResult> {
    await this.outbox.add({ channel: 'push', to: subscription.endpoint, subject: message.title, text: JSON.stringify(message) });
    return { status: 'sent' };
  }
}

export function createPushSender(opts: { outbox?: OutboxSink; vapid?: VapidConfig; log: FastifyBaseLogger }): PushSender {
  if (opts.outbox) return new OutboxPushSender(opts.outbox, opts.vapid?.publicKey ?? null);
  if (opts.vapid) return new VapidPushSender(opts.vapid, opts.log);
  return {
    enabled: false,
    publicKey: null,
    async send() {
      throw new PushUnavailableError('Web push is not configured (VAPID_*)');
    },
  };
}
