/**
 * Sends WhatsApp messages (docs/decisions/0030-whatsapp-provider.md): approved templates through Meta's
 * WhatsApp Business Platform Cloud API, `POST {apiUrl}/{version}/{phone-number-id}/messages`, bearer
 * token. Configured by WHATSAPP_*; unset, the same code talks to our simulator (platform/whatsapp-
 * simulator.ts), which production refuses unless ALLOW_UNREAL_PROVIDERS has whatsapp. Outside
 * production every accepted message is also stored in the outbox (channel "whatsapp"). A failed send
 * throws WhatsAppDeliveryError: callers (durable jobs) retry a `retryable` one and give up on the others.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@khedma/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WhatsAppConfig } from '../config';
import type { OutboxSink } from './outbox-sink';
import { orderedParams, renderWhatsAppBody, WHATSAPP_TEMPLATES, type WhatsAppTemplateName, type WhatsAppTemplateParams } from './whatsapp-templates';

export interface WhatsAppSender {
  /** Sends an approved template to `to` (E.164), in `locale`; answers Meta's message id (wamid). */
  sendTemplate<N extends WhatsAppTemplateName>(to: string, name: N, locale: Locale, params: WhatsAppTemplateParams<N>): Promise<string>;
}

/** The provider refused or failed. `retryable`: worth trying again later (429, 5xx, network, throttling). */
export class WhatsAppDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly providerCode?: number,
  ) {
    super(message);
  }
}

const redact = (to: string) => to.slice(0, 6) + '***';

/** Cloud API error codes worth retrying: throttling (4, 80007, 130429, 131048, 131056) and temporary faults (1, 2, 131000, 131016). */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056]);

/** The request body of a template message, as the Cloud API takes it (also what the simulator parses). */
export function templateMessageBody(to: string, name: WhatsAppTemplateName, locale: Locale, values: readonly string[]) {
  const components: Array<Record<string, unknown>> = [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }];
  // Authentication templates carry the code again in their copy-code button.
  if (WHATSAPP_TEMPLATES[name].category === 'AUTHENTICATION') {
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: values[0] ?? '' }] });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: to.replace(/^\+/, ''),
    type: 'template',
    template: { name, language: { code: locale }, components },
  };
}

/** Meta's Cloud API with plain fetch (one JSON POST per message; no SDK needed). */
export class CloudApiWhatsAppSender implements WhatsAppSender {
  constructor(
    private readonly config: WhatsAppConfig,
    private readonly log: FastifyBaseLogger,
    private readonly outbox?: OutboxSink,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 10_000,
  ) {}

  async sendTemplate<N extends WhatsAppTemplateName>(to: string, name: N, locale: Locale, params: WhatsAppTemplateParams<N>): Promise<string> {
    const values = orderedParams(name, params);
    const { apiUrl, apiVersion, phoneNumberId, accessToken } = this.config;
    let res: Response;
    try {
      res = await this.fetchImpl(`${apiUrl}/${apiVersion}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(templateMessageBody(to, name, locale, values)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      this.log.warn({ err, to: redact(to) }, 'WhatsApp provider not reached');
      throw new WhatsAppDeliveryError('The WhatsApp provider could not be reached', true);
    }
    const body = (await res.json().catch(() => ({}))) as { messages?: Array<{ id?: string }>; error?: { code?: number; message?: string } };
    if (!res.ok) {
      const code = body.error?.code;
      const retryable = res.status === 429 || res.status >= 500 || (code !== undefined && RETRYABLE_CODES.has(code));
      this.log.error({ to: redact(to), status: res.status, code, message: body.error?.message }, 'WhatsApp message refused by the provider');
      throw new WhatsAppDeliveryError(`WhatsApp message refused (${res.status}${code ? `, code ${code}` : ''})`, retryable, code);
    }
    const id = body.messages?.[0]?.id ?? '';
    this.log.info({ to: redact(to), id, template: name }, 'WhatsApp message accepted by the provider');
    await this.outbox?.add({ channel: 'whatsapp', to, subject: name, text: renderWhatsAppBody(name, locale, values) });
    return id;
  }
}

/** `X-Hub-Signature-256: sha256=<hex HMAC of the raw body with the app secret>` (Meta's webhooks). */
export function webhookSignature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function isValidWebhookSignature(appSecret: string, rawBody: string | Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(webhookSignature(appSecret, rawBody));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
