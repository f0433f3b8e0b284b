/** What other modules may use of one's account and retention: the module and its job definition. */
export { createAccountModule, type AccountModule } from './account.module';
export { RETENTION_SWEEP_JOB } from './account.jobs';
