/** What other modules may use of health: its factory (app.ts). */
export { createHealthModule } from './health.module';
