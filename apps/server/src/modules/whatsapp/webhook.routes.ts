/**
 * GET and POST /api/whatsapp/webhook: Meta's WhatsApp Business webhook (Cloud API).
 *
 * - GET: the subscription handshake. Meta sends hub.mode=subscribe, our WHATSAPP_VERIFY_TOKEN and a
 *   challenge; we echo the challenge.
 * - POST: events, signed `X-Hub-Signature-256: sha256=<HMAC of the raw body with the app secret>`. An
 *   unsigned or badly signed body is refused (403) before it is read. Inbound text "STOP" (or its French
 *   and Arabic words) turns WhatsApp off for every account of that number, recorded with its time;
 *   statuses (sent, delivered, read, failed) are logged. Answers 200 at once, as Meta asks.
 */
import { errorResponseSchema, isStopMessage, singleLineString } from '@khedma/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, forbidden } from '../../http/errors';
import { publicRoute } from '../../http/openapi';
import { isValidWebhookSignature } from '../../platform/whatsapp';
import { WHATSAPP_WEBHOOK_PATH } from '../../platform/whatsapp-simulator';
import type { NotificationPreferencesStore } from '../profile';

const webhookBody = z.looseObject({
  object: z.string().optional(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string().optional(),
              value: z.looseObject({
                messages: z.array(z.looseObject({ from: z.string(), type: z.string(), text: z.looseObject({ body: z.string() }).optional() })).optional(),
                statuses: z.array(z.looseObject({ id: z.string().optional(), status: z.string().optional(), errors: z.array(z.looseObject({ code: z.number().optional() })).optional() })).optional(),
              }),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

export const whatsappWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; preferences: Pick<NotificationPreferencesStore, 'whatsappStop'> }> = async (app, { ctx, preferences }) => {
  const { appSecret, verifyToken } = ctx.config.whatsapp;

  // The signature covers the exact bytes Meta sent: keep them (this plugin's scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));

  app.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      // Meta's calls, checked by their token and signature: not part of our public API document (as CMI's callback).
      schema: {
        hide: true,
        tags: ['whatsapp'],
        summary: "Meta's webhook subscription handshake: echoes hub.challenge when hub.verify_token is ours",
        security: publicRoute,
        querystring: z.object({
          'hub.mode': singleLineString().max(40).optional(),
          'hub.verify_token': singleLineString().max(256).optional(),
          'hub.challenge': singleLineString().max(256).optional(),
        }),
        response: { 200: z.string(), 403: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== verifyToken || !q['hub.challenge']) throw forbidden('This webhook subscription is not ours.');
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
    },
  );

  app.post(
    WHATSAPP_WEBHOOK_PATH,
    {
      // Meta's calls, checked by their token and signature: not part of our public API document (as CMI's callback).
      schema: {
        hide: true,
        tags: ['whatsapp'],
        summary: 'WhatsApp events from Meta (signed X-Hub-Signature-256): inbound messages (STOP turns WhatsApp off) and message statuses',
        security: publicRoute,
        response: { 200: z.object({ status: z.literal('ok') }), 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!isValidWebhookSignature(appSecret, raw, req.headers['x-hub-signature-256'])) throw forbidden('The signature of this webhook is not valid.');
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('INVALID_JSON', 'The body is not valid JSON.');
      }
      const parsed = webhookBody.safeParse(json);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'This is not a WhatsApp webhook event.');
      for (const entry of parsed.data.entry) {
        for (const change of entry.changes) {
          for (const m of change.value.messages ?? []) {
            if (m.type !== 'text' || !m.text || !isStopMessage(m.text.body)) continue;
            const phone = `+${m.from.replace(/\D/g, '')}`;
            const accounts = await preferences.whatsappStop(phone);
            req.log.info({ accounts }, 'WhatsApp STOP received: WhatsApp turned off');
          }
          for (const s of change.value.statuses ?? []) {
            req.log.info({ id: s.id, status: s.status, errors: s.errors?.map((e) => e.code) }, 'WhatsApp message status');
          }
        }
      }
      return { status: 'ok' as const };
    },
  );
};
