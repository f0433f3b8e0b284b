/**
 * Reviews (issue 27): written by the customer of a completed booking, voted helpful, answered once by
 * the professional; the low-rating list for admins. The public reads (a professional's reviews and
 * ratings) stay in the pros module; the aggregate they read is kept by database triggers.
 */
import { defineModule } from '../../module';
import { ReviewsRepository } from './reviews.repository';
import { reviewsRoutes } from './reviews.routes';
import { ReviewsService } from './reviews.service';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: { service: ReviewsService };
  }
}

export const reviewsModule = defineModule('reviews', async (app, { ctx }) => {
  const service = new ReviewsService(ctx.database.db, new ReviewsRepository(ctx.database.db), ctx.clock);
  app.decorate('reviews', { service });
  await app.register(reviewsRoutes, { reviews: service });
});
