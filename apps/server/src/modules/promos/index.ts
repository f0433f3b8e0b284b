/** What other modules may use of promos: its factory and services (app.ts hands them over: earnings reads a booking's discounts). */
export { createPromosModule, type PromosModule, type PromoUseCases } from './promos.module';
