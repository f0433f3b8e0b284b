/** What other modules may use of promos: nothing yet beyond its decorated services (`app.promos`). */
export type { PromoUseCases } from './promos.module';
