/** What other modules may use of earnings: its factory (app.ts). */
export { createEarningsModule } from './earnings.module';
