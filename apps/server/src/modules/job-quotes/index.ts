/** What other modules may use of job quotes: its factory (app.ts). */
export { createJobQuotesModule } from './job-quotes.module';
