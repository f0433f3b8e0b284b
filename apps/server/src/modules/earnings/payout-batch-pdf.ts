/** A payout batch as a printable PDF (the same transfers as its CSV), in the admin's language. */
import { formatRib, type Locale } from '@khedma/shared';
import { PdfPage } from './pdf-layout';
import { receiptDateTime, receiptMoney } from './receipt-pdf';

const COPY: Record<Locale, Record<'title' | 'number' | 'created' | 'execution' | 'count' | 'total' | 'line' | 'beneficiary' | 'rib' | 'amount' | 'reference' | 'signature' | 'footer', string>> = {
  en: {
    title: 'Bank transfer batch',
    number: 'Batch',
    created: 'Created',
    execution: 'Execution date',
    count: 'Transfers',
    total: 'Total',
    line: '#',
    beneficiary: 'Beneficiary',
    rib: 'RIB',
    amount: 'Amount',
    reference: 'Reference',
    signature: 'Authorised by (name, date, signature)',
    footer: 'Each transfer carries its reference; the bank statement line with that reference and amount marks the payout paid.',
  },
  fr: {
    title: 'Lot de virements',
    number: 'Lot',
    created: 'Créé le',
    execution: "Date d'exécution",
    count: 'Virements',
    total: 'Total',
    line: 'N°',
    beneficiary: 'Bénéficiaire',
    rib: 'RIB',
    amount: 'Montant',
    reference: 'Référence',
    signature: 'Autorisé par (nom, date, signature)',
    footer: 'Chaque virement porte sa référence ; la ligne du relevé bancaire avec cette référence et ce montant marque le versement comme payé.',
  },
  ar: {
    title: 'دفعة تحويلات بنكية',
    number: 'الدفعة',
    created: 'أنشئت في',
    execution: 'تاريخ التنفيذ',
    count: 'التحويلات',
    total: 'المجموع',
    line: 'رقم',
    beneficiary: 'المستفيد',
    rib: 'رقم الحساب',
    amount: 'المبلغ',
    reference: 'المرجع',
    signature: 'أذن به (الاسم، التاريخ، التوقيع)',
    footer: 'يحمل كل تحويل مرجعه، وسطر كشف الحساب البنكي الذي يحمل هذا المرجع والمبلغ يسجل الدفعة كمدفوعة.',
  },
};

export interface BatchPdfInput {
  number: string;
  createdAt: string;
  executionDate: string;
  total: number;
  lines: Array<{ holder: string; rib: string; amount: number; reference: string }>;
}

export async function renderBatchPdf(b: BatchPdfInput, locale: Locale): Promise<Buffer> {
  const c = COPY[locale];
  const p = new PdfPage(locale, `${c.title} ${b.number}`, { landscape: true });
  p.line('Khedma', { size: 18, bold: true, color: '#1e3a8a' });
  p.line(c.title, { size: 18, bold: true, side: 'end' });
  p.y += 30;
  p.row(c.number, b.number, { ltr: true, bold: true });
  p.row(c.created, receiptDateTime(b.createdAt, locale));
  p.row(c.execution, b.executionDate, { ltr: true });
  p.row(c.count, String(b.lines.length), { ltr: true });
  p.row(c.total, receiptMoney(b.total), { ltr: true, bold: true });
  p.y += 6;
  const cols = {
    line: p.column(0, 0.05),
    beneficiary: p.column(0.06, 0.36),
    rib: p.column(0.37, 0.68),
    amount: p.column(0.69, 0.82),
    reference: p.column(0.83, 1),
  };
  const header = () => {
    p.doc.rect(p.left, p.y - 4, p.width, 20).fill('#f5f5f4');
    for (const k of Object.keys(cols) as Array<keyof typeof cols>) p.line(c[k], { ...cols[k], bold: true, size: 9 });
    p.y += 20;
  };
  header();
  b.lines.forEach((l, i) => {
    if (p.y > p.doc.page.height - 90) {
      p.doc.addPage();
      p.y = 50;
      header();
    }
    p.line(String(i + 1), { ...cols.line, size: 9, ltr: true });
    p.line(l.holder, { ...cols.beneficiary, size: 9, ltr: true });
    p.line(formatRib(l.rib), { ...cols.rib, size: 9, ltr: true });
    p.line(receiptMoney(l.amount), { ...cols.amount, size: 9, ltr: true });
    p.line(l.reference, { ...cols.reference, size: 9, ltr: true });
    p.y += 18;
  });
  p.rule();
  p.y += 10;
  p.row(c.total, receiptMoney(b.total), { ltr: true, bold: true, size: 12 });
  p.ensure(70);
  p.y += 20;
  p.line(c.signature, { size: 10 });
  p.y += 40;
  p.rule('#a8a29e');
  p.y += 10;
  p.line(c.footer, { size: 8, color: '#57534e' });
  return p.end();
}
