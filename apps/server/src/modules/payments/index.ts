/** What other modules may use of payments: its factory and services (app.ts hands them over), its jobs and types. */
export { createPaymentsModule, type PaymentsModule } from './payments.module';
export type { ReconciliationService } from './reconciliation.service';
export { ESCROW_RELEASE_JOB, EXPIRE_UNPAID_JOB, UNPAID_BOOKING_TTL_MINUTES } from './payments.jobs';
export type { EscrowService } from './escrow.service';
export { PAYMENT_FAILED_MESSAGES, type PayContext, type PaymentResult, type PaymentsService } from './payments.service';
export type { RefundsService } from './refunds.service';
export type { LedgerRepository } from './ledger.repository';
export type { PaymentsRepository } from './payments.repository';
