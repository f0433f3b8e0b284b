/**
 * The provider's side of hosted payments (docs/payments.md): CMI's server-to-server callback, the
 * customer's return to the ok or fail address (which proves nothing: it only sends the browser to the
 * booking, where "Confirming your payment…" waits for the callback), and the finance lists: refunds
 * the provider refused, and the reconciliation's differences.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingReference,
  errorResponseSchema,
  failedRefundsResponseSchema,
  reconciliationResponseSchema,
  refundIdParamsSchema,
  retryRefundResponseSchema,
} from '@khedma/shared';
import { notFound } from '../../http/errors';
import { signedIn } from '../../http/openapi';
import { requirePermission } from '../auth';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsService } from './payments.service';
import type { ReconciliationService } from './reconciliation.service';
import type { RefundsService } from './refunds.service';

const ADMIN_DENIED = 'Access denied. Admin privileges required.';
const PAYMENT_METHOD = /^(card|bank|mobile)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function paymentsRoutes(deps: { service: PaymentsService; repo: PaymentsRepository; refunds: RefundsService; reconciliation: ReconciliationService }) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // CMI posts forms (application/x-www-form-urlencoded), to the callback and through the browser.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const form = (body: unknown): Record<string, string> =>
      body && typeof body === 'object' ? (Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : {};

    app.post('/api/payments/cmi/callback', { schema: { hide: true } }, async (req, reply) => {
      const { answer } = await deps.service.callback(form(req.body));
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(answer);
    });

    // The browser comes back from the provider's page (POST like CMI, or GET): to the booking's page.
    const back = (result: 'ok' | 'fail') => async (req: { query: unknown }, reply: { redirect(url: string, code?: number): unknown }) => {
      const q = (req.query ?? {}) as Record<string, string | undefined>;
      const booking = q.booking && UUID.test(q.booking) ? q.booking : null;
      const method = q.method && PAYMENT_METHOD.test(q.method) ? q.method : 'card';
      if (!booking) return reply.redirect('/bookings', 303);
      return reply.redirect(`/bookings/${booking}/pay?payment=${result === 'ok' ? 'confirming' : 'failed'}&method=${method}`, 303);
    };
    for (const result of ['ok', 'fail'] as const) {
      app.post(`/api/payments/cmi/return/${result}`, { schema: { hide: true } }, back(result));
      app.get(`/api/payments/cmi/return/${result}`, { schema: { hide: true } }, back(result));
    }

    app.get(
      '/api/admin/payments/refunds/failed',
      {
        schema: { tags: ['payments'], summary: 'Refunds the provider refused, with the reason (finance)', security: signedIn, response: { 200: failedRefundsResponseSchema } },
        preHandler: requirePermission('payout:manage', ADMIN_DENIED),
      },
      async () => ({
        refunds: (await deps.repo.failedRefunds()).map((r) => ({
          id: r.id,
          bookingId: r.bookingId,
          bookingReference: bookingReference(r.bookingId),
          paymentId: r.paymentId,
          customerName: r.customerName,
          amount: r.amount,
          reason: r.reason,
          failureReason: r.failureReason,
          createdAt: r.createdAt.toISOString(),
          failedAt: r.failedAt.toISOString(),
        })),
      }),
    );

    app.post(
      '/api/admin/payments/refunds/:id/retry',
      {
        schema: {
          tags: ['payments'],
          summary: 'Sends a refused refund to the provider again (finance); idempotent: a refund no longer failed gets no new attempt',
          security: signedIn,
          params: refundIdParamsSchema,
          response: { 200: retryRefundResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
        },
        preHandler: requirePermission('payout:manage', ADMIN_DENIED),
      },
      async (req) => {
        const refund = await deps.refunds.retry(req.params.id);
        if (!refund) throw notFound('Refund not found');
        return { refund };
      },
    );

    app.get(
      '/api/admin/payments/reconciliation',
      {
        schema: {
          tags: ['payments'],
          summary: "Differences between our payments and the provider's answers (daily reconciliation)",
          security: signedIn,
          response: { 200: reconciliationResponseSchema },
        },
        preHandler: requirePermission('payout:manage', ADMIN_DENIED),
      },
      async () => ({
        differences: (await deps.reconciliation.latest()).map((d) => ({
          ...d,
          bookingId: d.bookingId ?? null,
          bookingReference: d.bookingId ? bookingReference(d.bookingId) : null,
        })),
      }),
    );
  };
}
