/** HTTP of promo codes and referrals (docs/promos.md): the admins' codes, the discounted quote, the referral link. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPromoCodeRequestSchema,
  discountQuoteRequestSchema,
  discountQuoteResponseSchema,
  errorResponseSchema,
  promoCodeIdParamsSchema,
  promoCodeListSchema,
  promoCodeSchema,
  referralClaimRequestSchema,
  referralClaimResponseSchema,
  referralSummarySchema,
} from '@khedma/shared';
import { signedIn } from '../../http/openapi';
import { currentUser, requirePermission } from '../auth';
import type { BookingUseCases } from '../bookings';
import type { DiscountsService } from './discounts.service';
import type { PromoCodesService } from './codes.service';
import type { ReferralsService } from './referrals.service';

const tags = ['promos'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const promosRoutes: FastifyPluginAsyncZod<{ codes: PromoCodesService; discounts: DiscountsService; referrals: ReferralsService; bookings: BookingUseCases }> = async (
  app,
  { codes, discounts, referrals, bookings },
) => {
  app.get(
    '/api/admin/promo-codes',
    { schema: { tags, summary: 'Every promo code with its uses (bookings not cancelled)', security: signedIn, response: { 200: promoCodeListSchema, ...errors } }, preHandler: requirePermission('promo:manage') },
    async (req) => codes.list(currentUser(req)!),
  );

  app.post(
    '/api/admin/promo-codes',
    {
      schema: { tags, summary: 'Creates a promo code (unique, case-insensitive)', security: signedIn, body: createPromoCodeRequestSchema, response: { 201: promoCodeSchema, ...errors } },
      preHandler: requirePermission('promo:manage'),
    },
    async (req, reply) => reply.code(201).send(await codes.create(currentUser(req)!, req.body)),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/api/admin/promo-codes/:id/${action}`,
      {
        schema: { tags, summary: `${action === 'activate' ? 'Activates' : 'Deactivates'} a promo code`, security: signedIn, params: promoCodeIdParamsSchema, response: { 200: promoCodeSchema, ...errors } },
        preHandler: requirePermission('promo:manage'),
      },
      async (req) => codes.setActive(currentUser(req)!, req.params.id, active),
    );
  }

  app.post(
    '/api/promos/quote',
    {
      schema: {
        tags,
        summary: "A booking's price with a promo code and the customer's credit, before booking (the server checks again when booking)",
        security: signedIn,
        body: discountQuoteRequestSchema,
        response: { 200: discountQuoteResponseSchema, ...errors },
      },
      preHandler: requirePermission('booking:create'),
    },
    async (req) => discounts.quote(currentUser(req)!.id, req.body, bookings),
  );

  app.get(
    '/api/referrals/me',
    { schema: { tags, summary: "The customer's referral link, credit and referrals", security: signedIn, response: { 200: referralSummarySchema, ...errors } }, preHandler: requirePermission('booking:create') },
    async (req) => referrals.summary(currentUser(req)!),
  );

  app.post(
    '/api/referrals/claim',
    {
      schema: { tags, summary: 'A new account says whose referral link it came through', security: signedIn, body: referralClaimRequestSchema, response: { 200: referralClaimResponseSchema, ...errors } },
      preHandler: requirePermission('booking:create'),
    },
    async (req) => referrals.claim(currentUser(req)!, req.body.code),
  );
};
