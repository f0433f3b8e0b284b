/**
 * Invoices and credit notes (docs/payments.md "Invoices"): every paid booking gets an invoice from a
 * gap-free yearly series in the payment's transaction; a refund gets a credit note of its own series,
 * referencing the invoice, in the refund's transaction. Who may read: the customer and finance access.
 * The numbering holds under many payments at once (run on PGlite and on PostgreSQL).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNoteAmounts, invoiceAmounts, localDateOf, vatSplit } from '@khedma/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookings, invoices, profiles, referralCredits } from '../../db/schema/index';
import { payOnSimulator } from '../../test/cmi';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro, type TestPro, type TestUser } from '../../test/factories';
import { freshIp, startApp, withCookie, type TestApp } from '../../test/helpers';
import { nextDocumentNumber } from './document-counters';
import { invoiceMoney } from './invoice-pdf';
import { receiptMoney } from './receipt-pdf';

const hasPdfToText = spawnSync('pdftotext', ['-v']).status === 0;

let t: TestApp;
let admin: TestUser;
let finance: TestUser;
let reviewer: TestUser;
let customer: TestUser;
let other: TestUser;
let pro: TestPro;
const year = Number(localDateOf(new Date()).slice(0, 4));

beforeAll(async () => {
  t = await startApp();
  [admin, finance, reviewer, customer, other] = await Promise.all([
    createAdmin(t),
    createAdmin(t, { roles: ['finance_admin'] }),
    createAdmin(t, { roles: ['application_reviewer'] }),
    createCustomer(t, { locale: 'fr' }),
    createCustomer(t),
  ]);
  pro = await createPro(t, { city: 'tanger', category: 'gardening' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', cookie: string | null, url: string, payload?: InjectOptions['payload']) =>
  t.app.inject(cookie ? withCookie(cookie, { method, url, payload }) : { method, url, payload });
const db = () => t.database.db;
const docsOf = (bookingId: string) => db().select().from(invoices).where(eq(invoices.bookingId, bookingId));

function pdfText(file: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khedma-invoice-'));
  try {
    writeFileSync(path.join(dir, 'i.pdf'), file);
    return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path.join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('amounts', () => {
  it('VAT 20 % on the service fee only, to the centime; a refund credits the fee first', () => {
    expect(vatSplit(21800)).toEqual({ exclCents: 18167, vatCents: 3633 });
    expect(invoiceAmounts(1668, 218)).toEqual({ serviceCents: 145000, feeExclVatCents: 18167, feeVatCents: 3633, totalCents: 166800 });
    expect(creditNoteAmounts(1668, 21800)).toEqual({ serviceCents: 145000, feeExclVatCents: 18167, feeVatCents: 3633, totalCents: 166800 });
    // A cancellation fee kept by the professional: the fee is credited whole, the service in part.
    expect(creditNoteAmounts(1000, 21800)).toEqual({ serviceCents: 78200, feeExclVatCents: 18167, feeVatCents: 3633, totalCents: 100000 });
    expect(creditNoteAmounts(100, 0)).toEqual({ serviceCents: 10000, feeExclVatCents: 0, feeVatCents: 0, totalCents: 10000 });
    expect(invoiceMoney(166800)).toBe('1 668,00\u00a0MAD');
  });
});

describe('invoices', () => {
  it('a paid booking has its invoice, issued with the payment; who may NOT read it', async () => {
    // A business customer gives the ICE on the profile: 15 digits, said next to the field otherwise.
    const patch = (ice: string) => t.app.inject(withCookie(customer.cookie, { method: 'PATCH', url: '/api/profile', payload: { ice } }));
    const bad = await patch('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ ice: "An ICE is the 15 digits of your company's identifier." });
    const good = await patch('001525874000089');
    expect(good.statusCode, good.body).toBe(200);
    expect((await db().select({ ice: profiles.ice }).from(profiles).where(eq(profiles.id, customer.userId)))[0]!.ice).toBe('001525874000089');
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(3) });
    const [doc] = await docsOf(booking.id);
    expect(doc).toMatchObject({ kind: 'invoice', year, customerIce: '001525874000089', invoiceId: null });
    expect(doc!.number).toBe(`KH-${year}-${String(doc!.seq).padStart(6, '0')}`);
    expect(doc!.seller.name).toMatch(/DEVELOPMENT/);

    const res = await call('GET', customer.cookie, `/api/invoices/${booking.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ bookingId: booking.id, locale: 'fr', customer: { ice: '001525874000089' }, creditNotes: [] });
    expect(body.invoice).toMatchObject({ number: doc!.number, kind: 'invoice', vatRate: 0.2, totalCents: booking.totalAmount * 100 });
    expect(body.invoice.serviceCents + body.invoice.feeExclVatCents + body.invoice.feeVatCents).toBe(body.invoice.totalCents);
    for (const u of [finance, admin]) expect((await call('GET', u.cookie, `/api/invoices/${booking.id}`)).statusCode).toBe(200);
    // Not theirs: 404 (the booking's existence is not revealed); signed out: 401.
    for (const u of [other, pro, reviewer]) {
      expect((await call('GET', u.cookie, `/api/invoices/${booking.id}`)).statusCode, u.email).toBe(404);
      expect((await call('GET', u.cookie, `/api/invoices/${booking.id}/pdf`)).statusCode, u.email).toBe(404);
    }
    expect((await call('GET', null, `/api/invoices/${booking.id}`)).statusCode).toBe(401);
    expect((await call('GET', customer.cookie, `/api/invoices/${randomUUID()}`)).statusCode).toBe(404);

    // The PDF, in French (the customer's language) and Arabic: the seller's ICE, IF, RC, the customer's ICE, VAT.
    for (const lang of ['fr', 'ar'] as const) {
      const pdf = await call('GET', customer.cookie, `/api/invoices/${booking.id}/pdf?lang=${lang}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`inline; filename="khedma-${doc!.number}.pdf"`);
      if (!hasPdfToText) continue;
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(doc!.number);
      expect(text).toContain('000000000000000');
      expect(text).toContain('001525874000089');
      expect(text).toContain(invoiceMoney(body.invoice.feeVatCents).replace('\u00a0', ' '));
      if (lang === 'fr') {
        expect(text).toContain('Facture');
        expect(text).toContain('TVA 20 % sur les frais de service');
      } else for (const word of ['فاتورة', 'الزبون', 'المجموع']) expect(text).toContain(word);
    }
  });

  it('a refund gets its credit note, in the same transaction, referencing the invoice (its own series)', async () => {
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(4) });
    const refunded = await call('POST', finance.cookie, `/api/admin/bookings/${booking.id}/refund`, { reason: 'Customer asked' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const docs = await docsOf(booking.id);
    const invoice = docs.find((d) => d.kind === 'invoice')!;
    const note = docs.find((d) => d.kind === 'credit_note')!;
    expect(note).toMatchObject({ invoiceId: invoice.id, totalCents: invoice.totalCents, feeVatCents: invoice.feeVatCents, customerIce: invoice.customerIce });
    expect(note.number).toBe(`KH-AV-${year}-${String(note.seq).padStart(6, '0')}`);
    expect(note.ledgerTransactionId).not.toBeNull();
    const body = (await call('GET', customer.cookie, `/api/invoices/${booking.id}`)).json();
    expect(body.creditNotes).toEqual([expect.objectContaining({ id: note.id, number: note.number, invoiceNumber: invoice.number, kind: 'credit_note' })]);
    const pdf = await call('GET', finance.cookie, `/api/invoices/${booking.id}/pdf?lang=en&document=${note.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="khedma-${note.number}.pdf"`);
    if (hasPdfToText) {
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Credit note');
      expect(text).toContain(`Refers to invoice ${invoice.number}`);
    }
    expect((await call('GET', customer.cookie, `/api/invoices/${booking.id}/pdf?document=${randomUUID()}`)).statusCode).toBe(404);
  });

  it('a discounted booking: the invoice and the receipt PDFs list the promo code and the referral credit, their totals what was paid', async () => {
    const code = `INV${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await call('POST', admin.cookie, '/api/admin/promo-codes', { code, kind: 'amount', value: 40 });
    expect(made.statusCode, made.body).toBe(201);
    const buyer = await createCustomer(t, { locale: 'ar' });
    // 25 MAD of referral credit (as the referral.reward job grants it), spent after the promo code.
    await db().insert(referralCredits).values({ userId: buyer.userId, amount: 25, refereeId: buyer.userId });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      headers: { cookie: buyer.cookie, 'idempotency-key': randomUUID() },
      payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: casablancaDate(7), startTime: '10:00', endTime: '11:00', location: '12 Rue Ibnou Sina', promoCode: code },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await payOnSimulator(t.app, { headers: { cookie: buyer.cookie } }, id)).back).not.toBeNull();
    const [b] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(b!.discountAmount).toBe(65);
    const paid = b!.totalAmount;
    const full = b!.servicePrice + b!.addonsTotal;
    expect(paid).toBe(full + b!.serviceFee - 65);

    const body = (await call('GET', buyer.cookie, `/api/invoices/${id}`)).json();
    expect(body.discounts).toEqual([
      { source: 'promo', code, amountCents: 4000 },
      { source: 'credit', code: null, amountCents: 2500 },
    ]);
    expect(body.invoice.totalCents).toBe(paid * 100);
    if (!hasPdfToText) return console.warn('pdftotext (poppler-utils) is not installed: the PDF text was not extracted');
    const sp = (s: string) => s.replace(/\u00a0/g, ' ');
    for (const lang of ['en', 'fr', 'ar'] as const) {
      const invoiceText = pdfText((await call('GET', buyer.cookie, `/api/invoices/${id}/pdf?lang=${lang}`)).rawPayload);
      const receiptText = pdfText((await call('GET', buyer.cookie, `/api/receipts/${id}/pdf?lang=${lang}`)).rawPayload);
      // The service at its price, each discount negative, the total what was paid.
      expect(invoiceText).toContain(sp(invoiceMoney(full * 100)));
      expect(invoiceText).toContain(sp(invoiceMoney(-4000)));
      expect(invoiceText).toContain(sp(invoiceMoney(-2500)));
      expect(invoiceText).toContain(sp(invoiceMoney(paid * 100)));
      expect(receiptText).toContain(sp(receiptMoney(-40)));
      expect(receiptText).toContain(sp(receiptMoney(-25)));
      expect(receiptText).toContain(sp(receiptMoney(paid)));
      for (const text of [invoiceText, receiptText]) expect(text).toContain(code);
      if (lang === 'en') {
        expect(invoiceText).toContain(`Promo code ${code}, granted by Khedma`);
        expect(invoiceText).toContain('Referral credit, granted by Khedma');
        expect(receiptText).toContain(`Promo code ${code}`);
        expect(receiptText).toContain('Referral credit');
      } else if (lang === 'fr') {
        expect(invoiceText).toContain(`Code promo ${code}, offert par Khedma`);
        expect(receiptText).toContain('Crédit de parrainage');
      } else {
        // pdftotext takes the lam-alef ligature apart: words without one.
        for (const text of [invoiceText, receiptText]) for (const word of ['كود', 'التخفيض', 'رصيد']) expect(text).toContain(word);
      }
    }
    // A receipt or invoice without discounts has no such line.
    const plain = await createPaidBooking(t, { customer: other, pro, date: casablancaDate(9) });
    expect((await call('GET', other.cookie, `/api/invoices/${plain.id}`)).json().discounts).toBeUndefined();
    expect(pdfText((await call('GET', other.cookie, `/api/receipts/${plain.id}/pdf?lang=en`)).rawPayload)).not.toContain('Promo code');
  });

  it('an unpaid booking has no invoice', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      headers: { cookie: other.cookie, 'idempotency-key': randomUUID() },
      payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: casablancaDate(5), startTime: '10:00', endTime: '11:00' , location: '12 Rue Ibnou Sina' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('GET', other.cookie, `/api/invoices/${created.json().id}`)).statusCode).toBe(404);
  });

  it('a booking paid before invoices existed gets its invoice on first request, from the same series', async () => {
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(6) });
    await db().delete(invoices).where(eq(invoices.bookingId, booking.id));
    const res = await call('GET', customer.cookie, `/api/invoices/${booking.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice.number).toMatch(new RegExp(`^KH-${year}-\\d{6}$`));
  });
});

describe('gap-free numbering', () => {
  it('many payments at once: consecutive invoice numbers, no gap, no duplicate', async () => {
    const N = 8;
    const counterNow = async () => {
      const res = (await db().execute(sql`select last_value from document_counters where series = 'invoice' and year = ${year}`)) as unknown as { rows: Array<{ last_value: number }> };
      return Number(res.rows[0]?.last_value ?? 0);
    };
    const customers = await Promise.all(Array.from({ length: N }, () => createCustomer(t)));
    const created = [];
    for (let i = 0; i < N; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        remoteAddress: freshIp(),
        headers: { cookie: customers[i]!.cookie, 'idempotency-key': randomUUID() },
        payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: casablancaDate(8 + i), startTime: '14:00', endTime: '15:00' , location: '12 Rue Ibnou Sina' },
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().id as string);
    }
    const before = await counterNow();
    // Each pays on the CMI simulator's hosted page; its signed callbacks record the payments at once.
    const paid = await Promise.all(created.map((id, i) => payOnSimulator(t.app, { headers: { cookie: customers[i]!.cookie } }, id)));
    for (const r of paid) expect(r.initiate.statusCode, r.initiate.body).toBe(200);
    const rows = await db()
      .select({ seq: invoices.seq, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), inArray(invoices.bookingId, created)));
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    // The N payments took the N numbers after the last one, each once: no gap, no duplicate.
    expect(seqs).toEqual(Array.from({ length: N }, (_, i) => before + i + 1));
    expect(await counterNow()).toBe(before + N);
    expect(new Set(rows.map((r) => r.number)).size).toBe(N);
    // And the whole year's series has every number once, from 1 (the test that deletes an invoice to
    // play "paid before invoices existed" leaves its one hole; nothing else may).
    const all = (await db().select({ seq: invoices.seq }).from(invoices).where(and(eq(invoices.kind, 'invoice'), eq(invoices.year, year)))).map((r) => r.seq);
    expect(new Set(all).size).toBe(all.length);
    expect(Math.max(...all) - all.length).toBeLessThanOrEqual(1);
  });

  it('a number taken by a transaction that rolls back is given again: no gap', async () => {
    const y = 2099;
    const first = await db().transaction((tx) => nextDocumentNumber(tx, 'credit_note', y));
    await expect(
      db().transaction(async (tx) => {
        expect(await nextDocumentNumber(tx, 'credit_note', y)).toBe(first + 1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db().transaction((tx) => nextDocumentNumber(tx, 'credit_note', y))).toBe(first + 1);
    // Two at once: consecutive.
    const both = await Promise.all([db().transaction((tx) => nextDocumentNumber(tx, 'credit_note', y)), db().transaction((tx) => nextDocumentNumber(tx, 'credit_note', y))]);
    expect(both.sort()).toEqual([first + 2, first + 3]);
  });
});
