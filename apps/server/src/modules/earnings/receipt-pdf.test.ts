/**
 * The receipt PDF's text layout. To look at the pages: RECEIPT_PDF_DIR=/tmp/receipts npx vitest run
 * apps/server/src/modules/earnings/receipt-pdf.test.ts, then `pdftoppm -png -r 100 ar.pdf ar`.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Receipt } from '@khedma/shared';
import { ReceiptPdf, receiptDateTime, receiptMoney, visualRuns } from './receipt-pdf';

describe('visualRuns (Unicode bidi + font per script)', () => {
  it('an Arabic line is one run in logical order (fontkit shapes and lays it right to left)', () => {
    expect(visualRuns('وصل الأداء', true)).toEqual([{ text: 'وصل الأداء', font: 'ar' }]);
    expect(visualRuns('وصل الأداء', true, true)).toEqual([{ text: 'وصل الأداء', font: 'arBold' }]);
  });

  it('mixed Arabic and Latin: runs in visual order, left to right; punctuation in the Latin face', () => {
    expect(visualRuns('مرجع الحجز: 3F2A9C1E', true)).toEqual([
      { text: '3F2A9C1E', font: 'latin' },
      { text: ' :', font: 'latin' },
      { text: 'مرجع الحجز', font: 'ar' },
    ]);
    // The closing parenthesis is right to left here: mirrored, it opens the Latin name on the left.
    expect(visualRuns('خدمة (Khedma)', true)).toEqual([
      { text: '(', font: 'latin' },
      { text: 'Khedma', font: 'latin' },
      { text: ') ', font: 'latin' },
      { text: 'خدمة', font: 'ar' },
    ]);
  });

  it('left-to-right text stays as it is; no-break spaces are drawn as spaces', () => {
    expect(visualRuns('Reçu – 1 250\u00a0MAD', false)).toEqual([{ text: 'Reçu – 1 250 MAD', font: 'latin' }]);
  });
});

describe('formatting', () => {
  it('money in whole MAD; dates on the Casablanca wall clock in the language', () => {
    expect(receiptMoney(1668)).toBe('1 668\u00a0MAD');
    expect(receiptDateTime('2026-11-22T09:00:00Z', 'fr')).toBe('22 novembre 2026 à 09:00');
    expect(receiptDateTime('2026-11-22T09:00:00Z', 'en')).toBe('22 November 2026 at 09:00');
    // ar-MA: Moroccan month names, Latin digits.
    expect(receiptDateTime('2026-11-22T09:00:00Z', 'ar')).toMatch(/^22 [\u0600-\u06FF]+ 2026 في 09:00$/);
  });
});

describe('ReceiptPdf', () => {
  const receipt: Receipt = {
    bookingId: '3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e',
    reference: '3F2A9C1E',
    locale: 'ar',
    title: 'إصلاح تسرب الماء',
    customerName: 'سلمى بناني',
    professionalName: 'Youssef',
    city: 'الدار البيضاء',
    lines: [
      { kind: 'service', label: 'إصلاح تسرب الماء', amount: 250 },
      { kind: 'addon', label: 'خرطوشة الصنبور', amount: 1200 },
    ],
    serviceFee: 218,
    total: 1668,
    paymentMethod: 'card',
    paidAt: '2026-11-20T10:05:00Z',
    bookedAt: '2026-11-20T10:00:00Z',
    scheduledStart: '2026-11-22T09:00:00Z',
    completedAt: '2026-11-22T11:00:00Z',
    status: 'completed',
    refunds: [{ amount: 300, at: '2026-11-23T08:00:00Z' }],
    refundedTotal: 300,
    company: { name: 'خدمة (Khedma)', address: 'الدار البيضاء، المغرب', email: 'support@khedma.ma', website: 'https://khedma.ma' },
  };

  it('renders a PDF in each language with the Arabic face embedded', async () => {
    const pdf = new ReceiptPdf();
    for (const locale of ['ar', 'fr', 'en'] as const) {
      const file = await pdf.render({ ...receipt, locale });
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.toString('latin1')).toContain('IBMPlexSansArabic');
      if (process.env.RECEIPT_PDF_DIR) {
        mkdirSync(process.env.RECEIPT_PDF_DIR, { recursive: true });
        writeFileSync(path.join(process.env.RECEIPT_PDF_DIR, `${locale}.pdf`), file);
      }
    }
  });
});
