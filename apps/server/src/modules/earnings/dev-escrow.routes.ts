/**
 * Development only (TEST_PEOPLE=1 outside production, as POST /api/dev/test-people): releases one
 * completed booking's escrow as the job would 48 h later, so a browser journey can show a released
 * balance and a payout request without waiting two days. It runs the real release (payments module);
 * only the clock is moved, for that booking alone (running every due job would expire other journeys'
 * unpaid bookings).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, releaseAt } from '@khedma/shared';
import { AppError, notFound } from '../../http/errors';
import { publicRoute } from '../../http/openapi';
import type { EscrowService } from '../payments';
import type { EarningsRepository } from './earnings.repository';

export const devEscrowRoutes: FastifyPluginAsyncZod<{ repo: EarningsRepository; escrow: EscrowService }> = async (app, { repo, escrow }) => {
  app.post(
    '/api/dev/bookings/:id/release-escrow',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: release a completed booking’s escrow now, as the 48 h job would',
        security: publicRoute,
        params: z.object({ id: z.guid() }),
        response: { 200: z.object({ result: z.enum(['released', 'skipped', 'held']) }), 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => {
      const completedAt = await repo.completedAt(req.params.id);
      if (completedAt === undefined) throw notFound('Booking not found');
      if (completedAt === null) throw new AppError('INVALID_TRANSITION', 'This booking is not completed.');
      return { result: await escrow.releaseEscrow(req.params.id, releaseAt(completedAt)) };
    },
  );
};
