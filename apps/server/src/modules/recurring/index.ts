/** What other modules may use of recurring bookings: its job definitions (for tests and operations). */
export { RECURRING_NOTICE_JOB, RECURRING_SERIES_JOB, RECURRING_WINDOW_JOB } from './recurring.jobs';
