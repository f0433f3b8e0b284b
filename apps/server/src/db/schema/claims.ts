/** Guarantee claims (docs/claims.md, migration 0024). */
import { CLAIM_OUTCOMES, CLAIM_REQUESTS, CLAIM_STATUSES } from '@khedma/shared/domain/claims';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { paymentRefunds } from './payments';
import { professionals } from './professionals';

export interface ClaimPhoto {
  id: string;
  key: string;
}

export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id').references(() => professionals.id, { onDelete: 'set null' }),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('open'),
    request: text('request', { enum: CLAIM_REQUESTS }).notNull(),
    requestedAmount: integer('requested_amount'),
    description: text('description').notNull(),
    photos: jsonb('photos').$type<ClaimPhoto[]>().notNull().default([]),
    visitStart: tstz('visit_start'),
    visitEnd: tstz('visit_end'),
    disputeReason: text('dispute_reason'),
    answeredAt: tstz('answered_at'),
    customerReason: text('customer_reason'),
    outcome: text('outcome', { enum: CLAIM_OUTCOMES }),
    decisionReason: text('decision_reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    refundAmount: integer('refund_amount'),
    refundId: uuid('refund_id').references(() => paymentRefunds.id),
    resolvedAt: tstz('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('claims_status_check', inList(t.status, CLAIM_STATUSES)),
    check('claims_request_check', inList(t.request, CLAIM_REQUESTS)),
    check('claims_outcome_check', sql`${t.outcome} IS NULL OR ${inList(t.outcome, CLAIM_OUTCOMES)}`),
    uniqueIndex('claims_one_open_idx').on(t.bookingId).where(sql`${t.status} <> 'resolved'`),
    index('claims_booking_idx').on(t.bookingId, t.createdAt),
    index('claims_needs_decision_idx').on(t.createdAt).where(sql`${t.status} = 'needs_decision'`),
    index('claims_professional_visit_idx').on(t.professionalId, t.visitStart).where(sql`${t.visitStart} IS NOT NULL`),
  ],
);

/**
 * A claim whose return visit holds its professional's time: offered (waiting for the customer) or agreed.
 * The same rule as the travel trigger's (migration 0034): the professional page's slots, assignment and the
 * offer of another visit read it.
 */
export const returnVisitHoldsTime = sql`(${claims.visitStart} IS NOT NULL AND (${claims.status} <> 'resolved' OR ${claims.outcome} = 'return_visit'))`;
