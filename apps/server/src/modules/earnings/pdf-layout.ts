/**
 * A page of text laid out as the receipt's (receipt-pdf.ts): pdfkit with IBM Plex Sans Arabic, each
 * line put in visual order by bidi-js and drawn run by run, so Arabic reads right to left with its
 * letters joined. The payout batch and the invoice PDFs are written with it.
 */
import PDFDocument from 'pdfkit';
import { RTL_LOCALES, type Locale } from '@khedma/shared';
import { FONTS, SHAPING_FEATURES, visualRuns } from './receipt-pdf';

export interface LineOptions {
  size?: number;
  bold?: boolean;
  /** 'start' is the reading side (right in Arabic), 'end' the other. */
  side?: 'start' | 'end';
  color?: string;
  /** Horizontal limits of the line (default: the page's margins). */
  from?: number;
  to?: number;
  /** A value that reads left to right whatever the language (an amount, a reference, a RIB). */
  ltr?: boolean;
}

export class PdfPage {
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;
  readonly left = 50;
  readonly right: number;
  y = 50;
  private readonly done: Promise<Buffer>;

  constructor(locale: Locale, title: string, o: { landscape?: boolean } = {}) {
    this.rtl = RTL_LOCALES.includes(locale);
    this.doc = new PDFDocument({ size: 'A4', layout: o.landscape ? 'landscape' : 'portrait', margin: 50, info: { Title: title, Author: 'Khedma' }, lang: locale });
    for (const [name, file] of Object.entries(FONTS)) this.doc.registerFont(name, file);
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.right = this.doc.page.width - 50;
  }

  get width() {
    return this.right - this.left;
  }

  /** A column's limits, `at` and `to` as fractions of the width from the reading side. */
  column(at: number, to: number): { from: number; to: number } {
    const a = this.left + this.width * at;
    const b = this.left + this.width * to;
    return this.rtl ? { from: this.right - (b - this.left), to: this.right - (a - this.left) } : { from: a, to: b };
  }

  /** Draws one line at `y` (does not move down). */
  line(text: string, o: LineOptions = {}) {
    const size = o.size ?? 10;
    const runs = visualRuns(text, this.rtl && !o.ltr, o.bold);
    const widths = runs.map((run) => this.doc.font(run.font).fontSize(size).widthOfString(run.text, { features: SHAPING_FEATURES }));
    const total = widths.reduce((s, w) => s + w, 0);
    const from = o.from ?? this.left;
    const to = o.to ?? this.right;
    const atRight = (o.side ?? 'start') === 'start' ? this.rtl : !this.rtl;
    let x = atRight ? to - total : from;
    this.doc.fillColor(o.color ?? '#1c1917');
    runs.forEach((run, i) => {
      this.doc.font(run.font).fontSize(size).text(run.text, x, this.y, { lineBreak: false, features: SHAPING_FEATURES });
      x += widths[i]!;
    });
  }

  rule(color = '#d6d3d1') {
    this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.7).strokeColor(color).stroke();
  }

  /** A label on the reading side and its value on the other; moves down. */
  row(label: string, value: string, o: { bold?: boolean; size?: number; ltr?: boolean } = {}) {
    this.line(label, { side: 'start', bold: o.bold, size: o.size, color: o.bold ? '#1c1917' : '#57534e' });
    this.line(value, { side: 'end', bold: o.bold, size: o.size, ltr: o.ltr });
    this.y += (o.size ?? 10) + 10;
  }

  /** A new page when fewer than `needed` points are left. */
  ensure(needed: number) {
    if (this.y + needed > this.doc.page.height - 50) {
      this.doc.addPage();
      this.y = 50;
    }
  }

  async end(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
