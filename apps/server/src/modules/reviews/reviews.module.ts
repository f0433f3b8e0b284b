/**
 * Reviews (issue 27): written by the customer of a completed booking, voted helpful, answered once by
 * the professional; the low-rating list for admins. The public reads (a professional's reviews and
 * ratings) stay in the pros module; the aggregate they read is kept by database triggers.
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { ReviewsRepository } from './reviews.repository';
import { reviewsRoutes } from './reviews.routes';
import { ReviewsService } from './reviews.service';

export interface ReviewsModule extends AppModule {
  service: ReviewsService;
}

export function createReviewsModule(ctx: AppContext): ReviewsModule {
  const service = new ReviewsService(ctx.database.db, new ReviewsRepository(ctx.database.db), ctx.clock);
  const plugin = modulePlugin('reviews', async (app) => {
    await app.register(reviewsRoutes, { reviews: service });
  });
  return { plugin, service };
}
