/**
 * The receipt as a PDF, in the receipt's language; Arabic right to left with its letters joined.
 *
 * Library choice (checked by rendering and looking at the pages, docs/reviews-and-earnings.md):
 * - pdfkit shapes text through fontkit, which applies the font's OpenType Arabic features (initial,
 *   medial, final forms, ligatures), so letters join; pdf-lib and jsPDF embed glyphs one character at a
 *   time (isolated letters) unless the text is pre-shaped by hand.
 * - pdfkit does not implement the Unicode Bidirectional Algorithm: its line wrapper lays words out left
 *   to right, so an Arabic sentence came out with its words in the wrong order. So each line is laid out
 *   here: bidi-js (a complete UBA implementation) gives the embedding levels and the visual order, and
 *   each run is drawn on its own at a computed position, never through pdfkit's wrapper.
 * Fonts: IBM Plex Sans Arabic (the web app's Arabic face, @fontsource), its Arabic subset for Arabic
 * runs and its Latin subset for the rest (digits, Latin names, "MAD"). The WOFF files: fontkit cannot
 * subset the WOFF2 ones (it reads their transformed glyph table as plain), and in the WOFF ones the
 * no-break space's glyph is broken, so U+00A0 is drawn as a plain space (lines are never wrapped).
 */
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RTL_LOCALES, wallClockAsUtc, type Locale, type Receipt } from '@khedma/shared';
import { RECEIPT_COPY } from './receipts.copy';

const bidi = bidiFactory();
const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/package.json')), 'files');
export const FONTS = {
  ar: path.join(FONT_DIR, 'ibm-plex-sans-arabic-arabic-400-normal.woff'),
  arBold: path.join(FONT_DIR, 'ibm-plex-sans-arabic-arabic-600-normal.woff'),
  latin: path.join(FONT_DIR, 'ibm-plex-sans-arabic-latin-400-normal.woff'),
  latinBold: path.join(FONT_DIR, 'ibm-plex-sans-arabic-latin-600-normal.woff'),
} as const;

/** Arabic letters and marks (the blocks the Arabic subset covers). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A plain space between thousands: the Latin subset has neither U+202F nor U+2009. */
const GROUP_SEPARATOR = ' ';
const NBSP = '\u00a0';
/** "1 250 MAD": the product's money format (whole MAD, U+202F between thousands). */
export function receiptMoney(amount: number): string {
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${rounded < 0 ? '-' : ''}${digits}${NBSP}MAD`;
}

const INTL: Record<Locale, string> = { en: 'en-GB', fr: 'fr', ar: 'ar-MA' };
/** Date and time on Casablanca's wall clock (the product's own time-zone rules), in the receipt's language. */
export function receiptDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL[locale], {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }).format(wallClockAsUtc(new Date(iso)));
}

/** A discount line's label: "Promo code WELCOME20" or "Referral credit", in the receipt's language. */
export function discountLabel(copy: { promo: string; credit: string }, d: { source: 'promo' | 'credit'; code: string | null }): string {
  return d.source === 'promo' ? copy.promo.replace('{{code}}', d.code ?? '') : copy.credit;
}

interface Run {
  text: string;
  font: string;
}

/**
 * One line of text in visual order, as runs to draw left to right: the UBA's levels, reordered; an
 * Arabic run is given to fontkit in logical order (it reverses right-to-left glyphs itself), any other
 * run in visual order.
 */
export function visualRuns(input: string, rtl: boolean, bold = false): Run[] {
  const text = input.replace(/\u00a0/g, ' ');
  if (!text) return [];
  const levels = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  // UTF-16 indices, as bidi-js counts (the text of a receipt is in the BMP).
  const chars = text.split('');
  const order = chars.map((_, i) => i);
  for (const segment of bidi.getReorderSegments(text, levels)) {
    const [start, end] = segment as [number, number];
    const slice = order.slice(start, end + 1).reverse();
    order.splice(start, slice.length, ...slice);
  }
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const runs: Array<{ level: number; chars: string[] }> = [];
  for (const i of order) {
    const level = levels.levels[i]!;
    const ch = mirrored.get(i) ?? chars[i]!;
    const last = runs.at(-1);
    if (last && last.level === level) last.chars.push(ch);
    else runs.push({ level, chars: [ch] });
  }
  // Each level run, in visual order, split by font: Arabic letters (and the spaces between them) in
  // the Arabic face, anything else (digits, Latin, punctuation the Arabic subset lacks) in the Latin one.
  const out: Run[] = [];
  for (const { level, chars: visual } of runs) {
    const pieces: Array<{ arabic: boolean; chars: string[] }> = [];
    for (const ch of visual) {
      const arabic = ARABIC.test(ch);
      const last = pieces.at(-1);
      if (last && (last.arabic === arabic || ch === ' ')) last.chars.push(ch);
      else pieces.push({ arabic, chars: [ch] });
    }
    for (const piece of pieces) {
      const font = piece.arabic ? (bold ? 'arBold' : 'ar') : bold ? 'latinBold' : 'latin';
      // fontkit lays an Arabic run out right to left itself: hand it the logical order back.
      const text = level % 2 === 1 && piece.arabic ? [...piece.chars].reverse().join('') : piece.chars.join('');
      out.push({ text, font });
    }
  }
  return out;
}

/**
 * Given any features, pdfkit shapes a run in one piece; without, it lays out word by word, left to
 * right, which breaks Arabic word order. fontkit adds the script's own features (Arabic joining forms)
 * whatever the list.
 */
export const SHAPING_FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['kern', 'liga'];

export class ReceiptPdf {
  async render(r: Receipt): Promise<Buffer> {
    const copy = RECEIPT_COPY[r.locale];
    const rtl = RTL_LOCALES.includes(r.locale);
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${copy.title} ${r.reference}`, Author: 'Khedma' }, lang: r.locale });
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });

    const left = 50;
    const right = doc.page.width - 50;
    const width = right - left;
    let y = 50;

    /** Draws one line at `y`: 'start' is the reading side (right in Arabic), 'end' the other. */
    /** `ltr`: a value that reads left to right whatever the language (an amount, a reference, an address). */
    const line = (text: string, o: { size?: number; bold?: boolean; side?: 'start' | 'end'; color?: string; from?: number; to?: number; ltr?: boolean } = {}) => {
      const size = o.size ?? 10;
      const runs = visualRuns(text, rtl && !o.ltr, o.bold);
      const widths = runs.map((run) => doc.font(run.font).fontSize(size).widthOfString(run.text, { features: SHAPING_FEATURES }));
      const total = widths.reduce((s, w) => s + w, 0);
      const from = o.from ?? left;
      const to = o.to ?? right;
      const atRight = (o.side ?? 'start') === 'start' ? rtl : !rtl;
      let x = atRight ? to - total : from;
      doc.fillColor(o.color ?? '#1c1917');
      runs.forEach((run, i) => {
        doc.font(run.font).fontSize(size).text(run.text, x, y, { lineBreak: false, features: SHAPING_FEATURES });
        x += widths[i]!;
      });
    };
    const rule = (color = '#d6d3d1') => {
      doc.moveTo(left, y).lineTo(right, y).lineWidth(0.7).strokeColor(color).stroke();
    };
    const row = (label: string, value: string, o: { bold?: boolean; size?: number; ltr?: boolean } = {}) => {
      line(label, { side: 'start', bold: o.bold, size: o.size, color: o.bold ? '#1c1917' : '#57534e' });
      line(value, { side: 'end', bold: o.bold, size: o.size, ltr: o.ltr });
      y += (o.size ?? 10) + 10;
    };

    // Header: Khedma's details on the reading side, the title and reference on the other.
    line(r.company.name, { size: 18, bold: true, color: '#1e3a8a' });
    line(copy.title, { size: 18, bold: true, side: 'end' });
    y += 26;
    line(copy.company, { size: 9, color: '#57534e' });
    line(`${copy.reference}: ${r.reference}`, { size: 10, bold: true, side: 'end' });
    y += 14;
    line(r.company.address, { size: 9, color: '#57534e' });
    y += 13;
    line(`${r.company.email} · ${r.company.website}`, { size: 9, color: '#57534e', ltr: true });
    y += 24;
    rule('#1e3a8a');
    y += 14;

    row(copy.customer, r.customerName);
    row(copy.professional, r.professionalName);
    row(copy.service, r.title);
    row(copy.city, r.city);
    row(copy.bookedOn, receiptDateTime(r.bookedAt, r.locale));
    row(copy.scheduledFor, receiptDateTime(r.scheduledStart, r.locale));
    if (r.paidAt) row(copy.paidOn, receiptDateTime(r.paidAt, r.locale));
    if (r.completedAt) row(copy.completedOn, receiptDateTime(r.completedAt, r.locale));
    if (r.paymentMethod) row(copy.paymentMethod, copy.methods[r.paymentMethod]);
    y += 6;

    // The priced lines.
    doc.rect(left, y - 4, width, 22).fill('#f5f5f4');
    y += 2;
    row(copy.description, copy.amount, { bold: true });
    for (const l of r.lines) row(l.label, receiptMoney(l.amount), { ltr: true });
    row(copy.serviceFee, receiptMoney(r.serviceFee), { ltr: true });
    // The platform's discounts (docs/promos.md), negative: the lines, the fee and these sum to the total paid.
    for (const d of r.discounts ?? []) row(discountLabel(copy, d), receiptMoney(-d.amount), { ltr: true });
    rule();
    y += 10;
    row(copy.total, receiptMoney(r.total), { bold: true, size: 13, ltr: true });

    if (r.refunds.length) {
      y += 8;
      line(copy.refunds, { bold: true, size: 11 });
      y += 20;
      for (const refund of r.refunds) row(`${copy.refunded} · ${receiptDateTime(refund.at, r.locale)}`, receiptMoney(refund.amount), { ltr: true });
    }

    y += 24;
    rule();
    y += 12;
    line(copy.footer, { size: 9, color: '#57534e' });

    doc.end();
    return done;
  }
}
