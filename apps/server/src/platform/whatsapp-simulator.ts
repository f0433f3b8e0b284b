/**
 * The WhatsApp simulator (docs/notifications.md#whatsapp): our own stand-in for Meta's Cloud API,
 * speaking its protocol, so that outside production (and in every test) the real sender of
 * platform/whatsapp.ts runs. Production refuses it unless ALLOW_UNREAL_PROVIDERS has whatsapp.
 *
 * - `POST /__whatsapp/{version}/{phone-number-id}/messages` (HTTP outside production; `handle` in-process
 *   for the sender): checks the bearer token, the phone-number id, and the template as Meta does (an
 *   unknown name is error 132001, a language it was not approved in 132001 too, a wrong count of body
 *   parameters 132000), then answers `{messaging_product, contacts, messages: [{id: "wamid..."}]}`.
 *   A number on `undeliverable` is refused with 131026 (message undeliverable), on demand.
 * - `inbound(from, text)`: what Meta does when someone writes to our number: a webhook POST to our
 *   `/api/whatsapp/webhook` with the `X-Hub-Signature-256` of the app secret (POST /__whatsapp/control/inbound
 *   outside production, for journeys and people trying the product).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { WhatsAppConfig } from '../config';
import { webhookSignature } from './whatsapp';
import { isWhatsAppTemplateName, WHATSAPP_TEMPLATES } from './whatsapp-templates';

export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';

declare module 'fastify' {
  interface FastifyInstance {
    whatsappSimulator?: WhatsAppSimulator;
  }
}

const messageBody = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\d{8,15}$/),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z
      .array(z.object({ type: z.string(), sub_type: z.string().optional(), index: z.string().optional(), parameters: z.array(z.object({ type: z.string(), text: z.string().optional() })).optional() }))
      .optional(),
  }),
});

export interface SimulatedMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
}

const graphError = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ error: { message, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details: message }, fbtrace_id: randomBytes(8).toString('hex') } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export class WhatsAppSimulator {
  /** Messages accepted, oldest first (tests read them). */
  readonly sent: SimulatedMessage[] = [];
  /** Numbers (E.164 without +) whose messages are refused as undeliverable. */
  readonly undeliverable = new Set<string>();

  /** Delivers a webhook to our server (app.ts sets it: app.inject, in-process). */
  deliver?: (path: string, body: string, headers: Record<string, string>) => Promise<number>;

  constructor(private readonly cfg: WhatsAppConfig) {}

  /** The Cloud API's messages endpoint; a fetch for the sender (in-process) and the HTTP route alike. */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return this.handle(url.pathname, String(init?.headers && new Headers(init.headers).get('authorization')), typeof init?.body === 'string' ? init.body : '');
  };

  handle(pathname: string, authorization: string, raw: string): Response {
    const m = /\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(pathname);
    if (!m) return graphError(404, 100, 'Unknown path');
    if (authorization !== `Bearer ${this.cfg.accessToken}`) return graphError(401, 190, 'Invalid OAuth access token');
    if (decodeURIComponent(m[2]!) !== this.cfg.phoneNumberId) return graphError(400, 100, 'Unsupported post request: unknown phone number id');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return graphError(400, 100, 'Invalid JSON');
    }
    const parsed = messageBody.safeParse(json);
    if (!parsed.success) return graphError(400, 100, 'Invalid parameter');
    const { to, template } = parsed.data;
    if (!isWhatsAppTemplateName(template.name)) return graphError(404, 132001, 'Template name does not exist in the translation');
    const def = WHATSAPP_TEMPLATES[template.name];
    if (!Object.hasOwn(def.body, template.language.code)) return graphError(404, 132001, 'Template name does not exist in the translation');
    const params = (template.components ?? []).find((c) => c.type === 'body')?.parameters?.map((p) => p.text ?? '') ?? [];
    if (params.length !== def.params.length || params.some((p) => p.trim() === '')) {
      return graphError(400, 132000, 'Number of parameters does not match the expected number of params');
    }
    if (this.undeliverable.has(to)) return graphError(400, 131026, 'Message undeliverable');
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    this.sent.push({ id, to, template: template.name, language: template.language.code, params });
    return new Response(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }

  /** A webhook payload as Meta sends it for an inbound text message. */
  inboundPayload(from: string, text: string): string {
    const waId = from.replace(/^\+/, '');
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'simulated-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '212500000000', phone_number_id: this.cfg.phoneNumberId },
                contacts: [{ profile: { name: 'Test' }, wa_id: waId }],
                messages: [{ from: waId, id: `wamid.${randomBytes(12).toString('base64url')}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
              },
            },
          ],
        },
      ],
    });
  }

  /** Someone writes `text` to our number: the signed webhook to our server. Answers its HTTP status. */
  async inbound(from: string, text: string): Promise<number> {
    if (!this.deliver) throw new Error('The simulator has no webhook target');
    const body = this.inboundPayload(from, text);
    return this.deliver(WHATSAPP_WEBHOOK_PATH, body, { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(this.cfg.appSecret, body) });
  }
}

/** The simulator's HTTP face under /__whatsapp (outside production, like /__cmi). */
export function whatsappSimulatorPlugin(sim: WhatsAppSimulator): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.post('/__whatsapp/:version/:phoneNumberId/messages', { schema: { hide: true } }, async (req, reply) => {
      const res = sim.handle(req.url.split('?')[0]!, String(req.headers.authorization ?? ''), JSON.stringify(req.body ?? null));
      return reply.status(res.status).type('application/json').send(await res.text());
    });
    app.post('/__whatsapp/control/inbound', { schema: { hide: true } }, async (req, reply) => {
      const b = z.object({ from: z.string().regex(/^\+?\d{8,15}$/), text: z.string().min(1).max(4096) }).safeParse(req.body);
      if (!b.success) return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: 'from and text are required' } });
      return { status: await sim.inbound(b.data.from, b.data.text) };
    });
  };
}
