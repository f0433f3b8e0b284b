/** What other modules may use of recurring bookings: its factory (app.ts) and its job definitions (for tests and operations). */
export { createRecurringModule, type RecurringModule } from './recurring.module';
export { RECURRING_NOTICE_JOB, RECURRING_SERIES_JOB, RECURRING_WINDOW_JOB } from './recurring.jobs';
