/** What other modules may use of reviews: its factory and service (app.ts). */
export { createReviewsModule, type ReviewsModule } from './reviews.module';
