/** An invoice or a credit note as a PDF, in the customer's language (Arabic shaped, right to left). */
import { bookingReference, type Invoice, type InvoiceDocument, type Locale } from '@khedma/shared';
import { PdfPage } from './pdf-layout';
import { receiptDateTime } from './receipt-pdf';

type Key =
  | 'invoice'
  | 'creditNote'
  | 'number'
  | 'date'
  | 'refersTo'
  | 'booking'
  | 'seller'
  | 'customer'
  | 'ice'
  | 'if'
  | 'rc'
  | 'description'
  | 'amount'
  | 'service'
  | 'feeExcl'
  | 'vat'
  | 'feeIncl'
  | 'promo'
  | 'credit'
  | 'total'
  | 'rule';

export const INVOICE_COPY: Record<Locale, Record<Key, string>> = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'No.',
    date: 'Date',
    refersTo: 'Refers to invoice',
    booking: 'Booking',
    seller: 'Seller',
    customer: 'Customer',
    ice: 'ICE',
    if: 'IF',
    rc: 'RC',
    description: 'Description',
    amount: 'Amount',
    service: "Professional's service, billed on behalf of {{pro}}",
    feeExcl: 'Khedma service fee, without VAT',
    vat: 'VAT {{rate}} % on the service fee',
    feeIncl: 'Khedma service fee, with VAT',
    promo: 'Promo code {{code}}, granted by Khedma',
    credit: 'Referral credit, granted by Khedma',
    total: 'Total',
    rule: "Khedma bills the professional's service on the professional's behalf, outside its own VAT; VAT applies to Khedma's service fee only.",
  },
  fr: {
    invoice: 'Facture',
    creditNote: 'Avoir',
    number: 'N°',
    date: 'Date',
    refersTo: 'Se rapporte à la facture',
    booking: 'Réservation',
    seller: 'Vendeur',
    customer: 'Client',
    ice: 'ICE',
    if: 'IF',
    rc: 'RC',
    description: 'Désignation',
    amount: 'Montant',
    service: 'Prestation du professionnel, pour le compte de {{pro}}',
    feeExcl: 'Frais de service Khedma HT',
    vat: 'TVA {{rate}} % sur les frais de service',
    feeIncl: 'Frais de service Khedma TTC',
    promo: 'Code promo {{code}}, offert par Khedma',
    credit: 'Crédit de parrainage, offert par Khedma',
    total: 'Total',
    rule: 'Khedma facture la prestation du professionnel pour son compte, hors de sa propre TVA ; la TVA porte uniquement sur les frais de service de Khedma.',
  },
  ar: {
    invoice: 'فاتورة',
    creditNote: 'إشعار دائن',
    number: 'رقم',
    date: 'التاريخ',
    refersTo: 'يخص الفاتورة',
    booking: 'الحجز',
    seller: 'البائع',
    customer: 'الزبون',
    ice: 'ICE',
    if: 'IF',
    rc: 'RC',
    description: 'البيان',
    amount: 'المبلغ',
    service: 'خدمة المهني، مفوترة نيابة عن {{pro}}',
    feeExcl: 'رسوم خدمة Khedma دون احتساب الضريبة',
    vat: 'الضريبة على القيمة المضافة {{rate}} ٪ على رسوم الخدمة',
    feeIncl: 'رسوم خدمة Khedma مع احتساب الضريبة',
    promo: 'كود التخفيض {{code}}، على حساب Khedma',
    credit: 'رصيد الإحالة، على حساب Khedma',
    total: 'المجموع',
    rule: 'تفوتر Khedma خدمة المهني نيابة عنه، وهي خارج ضريبتها؛ الضريبة على القيمة المضافة تخص رسوم خدمة Khedma وحدها.',
  },
};

const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/** Centimes as "1 250,00 MAD" (French-Moroccan format; a plain space between thousands, as the receipt). */
export function invoiceMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}\u00a0MAD`;
}

export async function renderInvoicePdf(inv: Invoice, doc: InvoiceDocument): Promise<Buffer> {
  const locale = inv.locale;
  const c = INVOICE_COPY[locale];
  const title = doc.kind === 'invoice' ? c.invoice : c.creditNote;
  const p = new PdfPage(locale, `${title} ${doc.number}`);
  p.line(inv.seller.name, { size: 16, bold: true, color: '#1e3a8a' });
  p.line(title, { size: 18, bold: true, side: 'end' });
  p.y += 24;
  p.line(inv.seller.address, { size: 9, color: '#57534e' });
  p.line(`${c.number} ${doc.number}`, { size: 10, bold: true, side: 'end' });
  p.y += 14;
  p.line(`${c.ice} ${inv.seller.ice} · ${c.if} ${inv.seller.if} · ${c.rc} ${inv.seller.rc}`, { size: 9, color: '#57534e' });
  p.line(`${c.date}: ${receiptDateTime(doc.issuedAt, locale)}`, { size: 9, side: 'end' });
  p.y += 24;
  p.rule('#1e3a8a');
  p.y += 14;
  p.row(c.customer, inv.customer.name);
  if (inv.customer.ice) p.row(c.ice, inv.customer.ice, { ltr: true });
  p.row(c.booking, bookingReference(inv.bookingId), { ltr: true });
  if (doc.kind === 'credit_note' && doc.invoiceNumber) p.row(c.refersTo, doc.invoiceNumber, { ltr: true, bold: true });
  p.y += 6;
  p.doc.rect(p.left, p.y - 4, p.width, 22).fill('#f5f5f4');
  p.y += 2;
  p.row(c.description, c.amount, { bold: true });
  const rate = Math.round(doc.vatRate * 100);
  // The invoice (not a credit note) of a discounted booking: the professional's service at its price, then
  // each discount taken off it (the platform's, docs/promos.md "Invoice"): the lines sum to what was paid.
  const discounts = doc.kind === 'invoice' ? (inv.discounts ?? []) : [];
  const discountCents = discounts.reduce((s, d) => s + d.amountCents, 0);
  p.row(fill(c.service, { pro: inv.professionalName }), invoiceMoney(doc.serviceCents + discountCents), { ltr: true });
  for (const d of discounts) p.row(d.source === 'promo' ? fill(c.promo, { code: d.code ?? '' }) : c.credit, invoiceMoney(-d.amountCents), { ltr: true });
  p.row(c.feeExcl, invoiceMoney(doc.feeExclVatCents), { ltr: true });
  p.row(fill(c.vat, { rate }), invoiceMoney(doc.feeVatCents), { ltr: true });
  p.row(c.feeIncl, invoiceMoney(doc.feeExclVatCents + doc.feeVatCents), { ltr: true });
  p.rule();
  p.y += 10;
  p.row(c.total, invoiceMoney(doc.totalCents), { bold: true, size: 13, ltr: true });
  p.y += 20;
  p.rule();
  p.y += 12;
  p.line(c.rule, { size: 8, color: '#57534e' });
  return p.end();
}
