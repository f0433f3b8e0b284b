/**
 * Receipts (docs/reviews-and-earnings.md): every paid booking has one, for its customer (and admins),
 * in the customer's language unless another is asked for: service, add-ons, fee, total, payment
 * method, dates, reference, Khedma's details and refunds.
 */
import { bookingReference, can, EARNINGS_MESSAGES, type Locale, type Receipt, type SessionUser } from '@khedma/shared';
import { notFound } from '../../http/errors';
import type { EarningsRepository } from './earnings.repository';
import { RECEIPT_COPY } from './receipts.copy';

/** Khedma's contact details printed on receipts (from the configuration). */
export interface Company {
  email: string;
  website: string;
}

const pick = (locale: Locale, en: string, fr?: string | null, ar?: string | null) => (locale === 'fr' ? fr || en : locale === 'ar' ? ar || en : en);

export class ReceiptsService {
  constructor(
    private readonly repo: EarningsRepository,
    private readonly company: Company,
    /** The booking's discounts (the promos module's, docs/promos.md); none without it. */
    private readonly discountsOf: (bookingId: string) => Promise<Receipt['discounts']> = async () => [],
  ) {}

  async receipt(user: SessionUser, bookingId: string, lang?: Locale): Promise<Receipt> {
    const facts = await this.repo.receiptFacts(bookingId);
    const mayRead = facts && (facts.booking.customerId === user.id || can(user, 'booking:read:any'));
    // Someone else's booking or one never paid: no receipt (404, the booking's existence is not revealed).
    if (!facts || !mayRead || !facts.payment) throw notFound(EARNINGS_MESSAGES.receiptNotFound);
    const { booking: b, lines, payment, refunds, addons } = facts;
    const locale: Locale = lang ?? b.customerLocale ?? 'en';
    const copy = RECEIPT_COPY[locale];
    const addonByName = new Map(addons.map((a) => [a.name, a]));
    const addonById = new Map(addons.map((a) => [a.id, a]));
    const addonIdByName = new Map((b.addonServices ?? []).map((a) => [a.name, a.id]));
    const receiptLines = lines
      .filter((l) => l.kind !== 'fee')
      .map((l) => {
        if (l.kind === 'service' && b.serviceName) return { kind: l.kind, label: pick(locale, b.serviceName, b.serviceNameFr, b.serviceNameAr), amount: l.amount };
        if (l.kind === 'addon') {
          const a = addonById.get(addonIdByName.get(l.label) ?? '') ?? addonByName.get(l.label);
          return { kind: l.kind, label: a ? pick(locale, a.name, a.nameFr, a.nameAr) : l.label, amount: l.amount };
        }
        return { kind: l.kind, label: l.label, amount: l.amount };
      });
    const discounts = (await this.discountsOf(b.id)) ?? [];
    const refundRows = refunds.map((r) => ({ amount: r.amount, at: r.createdAt.toISOString() }));
    return {
      bookingId: b.id,
      reference: bookingReference(b.id),
      locale,
      title: b.serviceName ? pick(locale, b.serviceName, b.serviceNameFr, b.serviceNameAr) : b.title,
      customerName: b.customerName ?? '',
      professionalName: b.professionalName,
      city: pick(locale, b.cityName, b.cityNameFr, b.cityNameAr),
      lines: receiptLines,
      serviceFee: b.serviceFee,
      ...(discounts.length ? { discounts } : {}),
      total: b.totalAmount,
      paymentMethod: payment.method,
      paidAt: payment.updatedAt.toISOString(),
      bookedAt: b.createdAt.toISOString(),
      scheduledStart: b.scheduledStart.toISOString(),
      completedAt: b.completedAt?.toISOString() ?? null,
      status: b.status,
      refunds: refundRows,
      refundedTotal: refundRows.reduce((s, r) => s + r.amount, 0),
      company: { ...this.company, name: copy.companyName, address: copy.address },
    };
  }
}
