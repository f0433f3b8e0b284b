/**
 * Legal documents of money (migration 0020, docs/payments.md "Invoices"): gap-free counters per
 * series and year, invoices of paid bookings and credit notes of refunds.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { inList, tstz } from './columns';
import { INVOICE_KINDS } from '@khedma/shared/domain/invoices';
import { bookings } from './bookings';

/** The last number handed out per series and year; incremented (and locked) by the transaction that issues. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ name: 'document_counters_pk', columns: [t.series, t.year] }), check('document_counters_last_value_check', sql`${t.lastValue} > 0`)],
);

/** What the seller was when the document was issued (configuration at that time). */
export interface InvoiceSeller {
  name: string;
  address: string;
  ice: string;
  if: string;
  rc: string;
}

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    number: text('number').notNull().unique('invoices_number_unique'),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id),
    /** A credit note's refund (its ledger transaction): one credit note per refund. */
    ledgerTransactionId: uuid('ledger_transaction_id'),
    issuedAt: tstz('issued_at').notNull().defaultNow(),
    customerId: text('customer_id'),
    customerName: text('customer_name').notNull(),
    customerIce: text('customer_ice'),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    /** The professional's service, billed on their behalf (outside the platform's VAT), in centimes. */
    serviceCents: integer('service_cents').notNull(),
    feeExclVatCents: integer('fee_excl_vat_cents').notNull(),
    feeVatCents: integer('fee_vat_cents').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 4 }).notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The customer's identity removed after the legal period (migration 0027, docs/retention.md). */
    anonymisedAt: tstz('anonymised_at'),
  },
  (t) => [
    check('invoices_kind_check', inList(t.kind, INVOICE_KINDS)),
    uniqueIndex('invoices_kind_year_seq_unique').on(t.kind, t.year, t.seq),
    check('invoices_credit_note_check', sql`(${t.kind} = 'invoice') = (${t.invoiceId} IS NULL)`),
    check('invoices_total_check', sql`${t.totalCents} = ${t.serviceCents} + ${t.feeExclVatCents} + ${t.feeVatCents}`),
    uniqueIndex('invoices_one_per_booking_idx').on(t.bookingId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_credit_note_refund_idx').on(t.ledgerTransactionId).where(sql`${t.kind} = 'credit_note'`),
    index('invoices_booking_idx').on(t.bookingId),
  ],
);
