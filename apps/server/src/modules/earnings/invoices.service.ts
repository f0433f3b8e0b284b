/**
 * Invoices and credit notes (docs/payments.md "Invoices"). The invoice of a paid booking is written in
 * the transaction that records the payment, and the credit note of a refund in the transaction that
 * writes the refund's ledger rows: both hang on the ledger (LedgerRepository.onPosted), so whichever
 * code pays or refunds (the payment provider's callback, a cancellation, an admin's refund) writes them.
 * A booking paid before invoices existed gets its invoice on first request, from the same gap-free
 * series. Numbers: nextDocumentNumber (a counter row locked until the transaction ends).
 */
import {
  can,
  creditNoteAmounts,
  EARNINGS_MESSAGES,
  invoiceAmounts,
  invoiceNumber,
  LEDGER_ACCOUNTS,
  localDateOf,
  VAT_RATE,
  type Invoice,
  type InvoiceDocument,
  type LedgerEntry,
  type Locale,
  type SessionUser,
} from '@khedma/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, invoices, professionals, profiles, serviceTypes } from '../../db/schema/index';
import type { CompanyConfig } from '../../config';
import { notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { nextDocumentNumber } from './document-counters';

type InvoiceRow = typeof invoices.$inferSelect;
const PAID_STATES = new Set(['paid', 'refunded', 'partially_refunded']);
const UNIQUE_VIOLATION = '23505';

export class InvoicesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly seller: CompanyConfig,
    /** The booking's discounts in whole MAD (the promos module's, docs/promos.md); none without it. */
    private readonly discountsOf: (bookingId: string) => Promise<Array<{ source: 'promo' | 'credit'; code: string | null; amount: number }>> = async () => [],
  ) {}

  /** The ledger hook: a hold (the payment recorded) issues the invoice; a refund to the customer a credit note. */
  readonly onLedgerPosted = async (tx: Db, transactionId: string, entries: readonly LedgerEntry[]): Promise<void> => {
    const hold = entries.find((e) => e.kind === 'hold' && e.account === LEDGER_ACCOUNTS.escrow && e.amount > 0);
    if (hold) await this.issueInvoice(tx, hold.bookingId, hold.amount);
    const refund = entries.find((e) => e.kind === 'refund' && e.account === LEDGER_ACCOUNTS.customer && e.amount > 0);
    if (refund) await this.issueCreditNote(tx, refund.bookingId, transactionId, refund.amount);
  };

  private async invoiceOf(tx: Db, bookingId: string): Promise<InvoiceRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')));
    return row;
  }

  private async customerOf(tx: Db, bookingId: string) {
    const [row] = await tx
      .select({ userId: bookings.userId, totalAmount: bookings.totalAmount, serviceFee: bookings.serviceFee, name: profiles.fullName, ice: profiles.ice })
      .from(bookings)
      .leftJoin(profiles, eq(profiles.id, bookings.userId))
      .where(eq(bookings.id, bookingId));
    return row;
  }

  /** Issues the booking's invoice (once); `paid` is what was taken (whole MAD; default the booking's total). */
  async issueInvoice(tx: Db, bookingId: string, paid?: number): Promise<InvoiceRow> {
    const existing = await this.invoiceOf(tx, bookingId);
    if (existing) return existing;
    const c = await this.customerOf(tx, bookingId);
    if (!c) throw new Error(`invoice of unknown booking ${bookingId}`);
    const now = this.clock.now();
    const year = Number(localDateOf(now).slice(0, 4));
    const seq = await nextDocumentNumber(tx, 'invoice', year);
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice',
        number: invoiceNumber('invoice', year, seq),
        year,
        seq,
        bookingId,
        issuedAt: now,
        customerId: c.userId,
        customerName: c.name ?? '',
        customerIce: c.ice ?? null,
        seller: { ...this.seller },
        vatRate: String(VAT_RATE),
        ...invoiceAmounts(paid ?? c.totalAmount, c.serviceFee),
      })
      .returning();
    return row!;
  }

  /** Issues the credit note of one refund (its ledger transaction: once), referencing the invoice. */
  async issueCreditNote(tx: Db, bookingId: string, ledgerTransactionId: string, refund: number): Promise<InvoiceRow> {
    const invoice = await this.issueInvoice(tx, bookingId);
    const earlier = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'credit_note')));
    const same = earlier.find((n) => n.ledgerTransactionId === ledgerTransactionId);
    if (same) return same;
    const feeCredited = earlier.reduce((s, n) => s + n.feeExclVatCents + n.feeVatCents, 0);
    const now = this.clock.now();
    const year = Number(localDateOf(now).slice(0, 4));
    const seq = await nextDocumentNumber(tx, 'credit_note', year);
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note',
        number: invoiceNumber('credit_note', year, seq),
        year,
        seq,
        bookingId,
        invoiceId: invoice.id,
        ledgerTransactionId,
        issuedAt: now,
        customerId: invoice.customerId,
        customerName: invoice.customerName,
        customerIce: invoice.customerIce,
        seller: invoice.seller,
        vatRate: invoice.vatRate,
        ...creditNoteAmounts(refund, invoice.feeExclVatCents + invoice.feeVatCents - feeCredited),
      })
      .returning();
    return row!;
  }

  /**
   * A booking's invoice and credit notes, for its customer or an admin with finance access (anyone
   * else: 404, the booking's existence not revealed). A paid booking without an invoice yet (paid
   * before invoices existed) gets it now.
   */
  async invoice(user: SessionUser, bookingId: string, lang?: Locale): Promise<Invoice> {
    const [b] = await this.db
      .select({
        id: bookings.id,
        customerId: bookings.userId,
        title: bookings.title,
        paymentStatus: bookings.paymentStatus,
        locale: profiles.locale,
        professionalName: professionals.name,
        serviceName: serviceTypes.name,
      })
      .from(bookings)
      .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId))
      .leftJoin(profiles, eq(profiles.id, bookings.userId))
      .where(eq(bookings.id, bookingId));
    const mayRead = b && (b.customerId === user.id || can(user, 'finance:read'));
    if (!b || !mayRead) throw notFound(EARNINGS_MESSAGES.invoiceNotFound);
    let docs = await this.documents(bookingId);
    if (!docs.some((d) => d.kind === 'invoice')) {
      if (!PAID_STATES.has(b.paymentStatus)) throw notFound(EARNINGS_MESSAGES.invoiceNotFound);
      await this.issueLate(bookingId);
      docs = await this.documents(bookingId);
    }
    const invoice = docs.find((d) => d.kind === 'invoice')!;
    const discounts = await this.discountsOf(bookingId);
    const toDoc = (d: InvoiceRow): InvoiceDocument => ({
      id: d.id,
      kind: d.kind,
      number: d.number,
      issuedAt: d.issuedAt.toISOString(),
      invoiceNumber: d.kind === 'credit_note' ? invoice.number : null,
      serviceCents: d.serviceCents,
      feeExclVatCents: d.feeExclVatCents,
      feeVatCents: d.feeVatCents,
      totalCents: d.totalCents,
      vatRate: Number(d.vatRate),
    });
    return {
      bookingId,
      locale: lang ?? b.locale ?? 'en',
      title: b.title || b.serviceName || '',
      professionalName: b.professionalName,
      seller: invoice.seller,
      customer: { name: invoice.customerName, ice: invoice.customerIce },
      invoice: toDoc(invoice),
      creditNotes: docs.filter((d) => d.kind === 'credit_note').map(toDoc),
      ...(discounts.length ? { discounts: discounts.map((d) => ({ source: d.source, code: d.code, amountCents: d.amount * 100 })) } : {}),
    };
  }

  private documents(bookingId: string) {
    return this.db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.kind), asc(invoices.seq));
  }

  /** The invoice of a booking paid before invoices existed (a concurrent first request may issue it first). */
  private async issueLate(bookingId: string): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        // The booking's row lock queues two first requests; the unique index is the backstop.
        await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
        await this.issueInvoice(tx, bookingId);
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if (e?.code !== UNIQUE_VIOLATION && e?.cause?.code !== UNIQUE_VIOLATION) throw err;
    }
  }
}
