/** Money: payment attempts, the double-entry escrow ledger, and payouts to professionals. */
import { LEDGER_ENTRY_KINDS } from '@khedma/shared/domain/escrow';
import { PAYMENT_METHODS, PAYMENT_REFUND_STATUSES, PAYMENT_STATUSES } from '@khedma/shared/domain/payments';
import { PAYOUT_STATUSES } from '@khedma/shared/domain/payouts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { professionals } from './professionals';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** Provider name ('cmi'; 'simulated' in seeded demo data). */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** What the provider confirmed refunding, whole MAD (migration 0019). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** While a payment.refund job talks to the provider for this payment (one at a time). */
    refundLockUntil: tstz('refund_lock_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_method_check', inList(t.method, PAYMENT_METHODS)),
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    // Payments of a booking.
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    // Provider callbacks find the payment by its reference.
    uniqueIndex('payments_provider_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} IS NOT NULL`),
  ],
);

/**
 * Double-entry escrow ledger. Accounts: 'customer', 'escrow', 'platform', 'pro:<professional id>'
 * (LEDGER_ACCOUNTS, proLedgerAccount). The rows of one transaction_id sum to zero: the deferred
 * constraint trigger ledger_entries_balanced (custom migration) refuses a commit otherwise, so write
 * all rows of a transaction in one INSERT or one database transaction. Balance of an account =
 * sum(amount).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    account: text('account').notNull(),
    /** Signed whole MAD, never 0. */
    amount: integer('amount').notNull(),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_kind_check', inList(t.kind, LEDGER_ENTRY_KINDS)),
    // Balance check of a transaction.
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // Escrow state of a booking (held, released, refunded).
    index('ledger_entries_booking_idx').on(t.bookingId),
    // Balance and history of an account (a professional's earnings).
    index('ledger_entries_account_idx').on(t.account, t.createdAt),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: tstz('paid_at'),
    /** The admin who marked it paid, and the ledger transaction that moved the money out (migration 0011). */
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
    ledgerTransactionId: uuid('ledger_transaction_id'),
    /** The bank transfer batch it was sent in (migration 0020, docs/payments.md "Payout batches"). */
    batchId: uuid('batch_id').references((): AnyPgColumn => payoutBatches.id),
    /** The transfer's reference on the bank's statement (payoutReference). */
    reference: text('reference'),
    sentAt: tstz('sent_at'),
    /** The RIB and holder name the batch file ordered the transfer to (kept as sent). */
    batchRib: text('batch_rib'),
    batchHolder: text('batch_holder'),
    /** The value date of the statement line that showed the transfer (null when marked paid by hand). */
    statementDate: date('statement_date', { mode: 'string' }),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amount} >= 0`),
    check('payouts_status_check', inList(t.status, PAYOUT_STATUSES)),
    check('payouts_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
    check(
      'payouts_sent_check',
      sql`(${t.status} = 'pending') OR (${t.status} = 'paid' AND ${t.batchId} IS NULL) OR (${t.batchId} IS NOT NULL AND ${t.reference} IS NOT NULL AND ${t.sentAt} IS NOT NULL)`,
    ),
    // At most one payout on its way per professional (pending or sent).
    uniqueIndex('payouts_one_pending_idx').on(t.professionalId).where(sql`${t.status} IN ('pending', 'sent')`),
    uniqueIndex('payouts_reference_idx').on(t.reference),
    index('payouts_batch_idx').on(t.batchId),
    index('payouts_status_created_idx').on(t.status, t.createdAt),
    // "payouts: select by professional_id newest first".
    index('payouts_professional_created_idx').on(t.professionalId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Bank transfer batches of payouts (migration 0020): one CSV for the bank's bulk transfer, one PDF. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** KHV-<year>-<seq>, from the gap-free `payout_batch` series (document_counters). */
    number: text('number').notNull().unique('payout_batches_number_unique'),
    createdAt: createdAt(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [check('payout_batches_count_check', sql`${t.count} > 0`), check('payout_batches_total_check', sql`${t.total} > 0`), index('payout_batches_created_idx').on(t.createdAt)],
);

/** Refunds asked of the provider (migration 0019): sent by the payment.refund job, refused ones listed for admins. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** Whole MAD, > 0. */
    amount: integer('amount').notNull(),
    reason: text('reason'),
    status: text('status', { enum: PAYMENT_REFUND_STATUSES }).notNull().default('pending'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    refundedAt: tstz('refunded_at'),
  },
  (t) => [
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
    check('payment_refunds_status_check', inList(t.status, PAYMENT_REFUND_STATUSES)),
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('payment_refunds_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);

/** Every provider callback, accepted or not, with why (migration 0019). */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    orderId: text('order_id'),
    paymentId: uuid('payment_id'),
    /** accepted, rejected, duplicate, late. */
    verdict: text('verdict').notNull(),
    detail: text('detail'),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_callbacks_order_idx').on(t.orderId, t.createdAt)],
);

/** What the daily reconciliation found different between our rows and the provider's (migration 0019). */
export const paymentReconciliationDiffs = pgTable(
  'payment_reconciliation_diffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind').notNull(),
    ours: text('ours').notNull(),
    theirs: text('theirs').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_reconciliation_diffs_run_idx').on(t.runDate, t.paymentId, t.kind)],
);
