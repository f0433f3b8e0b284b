/**
 * The files of payout batches (docs/payments.md "Payout batches"): the bulk transfer CSV a bank
 * imports, and the bank statement CSV finance uploads back.
 *
 * csv-stringify and csv-parse (the `csv` project, node-csv) do the quoting, escaping and line
 * splitting: a statement exported by a bank's portal has quoted fields, embedded separators and CRLF
 * lines that a hand-written split gets wrong.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { bankText, BANK_TEXT_MAX } from '@khedma/shared';

export interface BatchLine {
  holder: string;
  rib: string;
  /** Whole MAD. */
  amount: number;
  reference: string;
}

/** The bulk transfer file's columns (French: the language of Moroccan banks' portals). */
export const BATCH_CSV_COLUMNS = [
  'NumeroLot',
  'DateExecution',
  'NombreVirements',
  'MontantTotal',
  'Ligne',
  'NomBeneficiaire',
  'RIBBeneficiaire',
  'Montant',
  'Devise',
  'Reference',
  'Motif',
] as const;

/** An amount in MAD with two decimals and a point (what bulk transfer imports read): 1250 -> "1250.00". */
export const bankAmount = (mad: number) => `${Math.round(mad)}.00`;

/**
 * The batch as one CSV table: a header row, then one row per transfer. The batch's own fields
 * (number, execution date, count, total) are repeated on every row rather than in a record of their
 * own, so that the file stays one table any portal's column mapping reads; the count and total let the
 * bank check the file is whole. Semicolons, CRLF, UTF-8 whose content is plain ASCII (bankText).
 */
export function batchCsv(batch: { number: string; executionDate: string }, lines: readonly BatchLine[]): string {
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const motif = bankText(`KHEDMA VERSEMENT ${batch.number}`, BANK_TEXT_MAX);
  return stringify(
    lines.map((l, i) => [batch.number, batch.executionDate, lines.length, bankAmount(total), i + 1, bankText(l.holder), l.rib, bankAmount(l.amount), 'MAD', l.reference, motif]),
    { header: true, columns: [...BATCH_CSV_COLUMNS], delimiter: ';', record_delimiter: 'windows' },
  );
}

export interface StatementLine {
  /** 1-based line of the file (the header is line 1 when there is one). */
  line: number;
  /** What the line says its reference is (the payout reference found in it, or the cell as it is). */
  reference: string;
  /** The amount, in centimes, as a positive number (a debit line of the statement is negative). */
  cents: number | null;
  /** YYYY-MM-DD, or null when the date cannot be read. */
  date: string | null;
}

const REFERENCE = /KHP[0-9A-F]{12}/i;
const HEADERS = {
  reference: ['reference', 'référence', 'ref', 'réf', 'libelle', 'libellé', 'motif', 'description'],
  amount: ['amount', 'montant', 'debit', 'débit', 'credit', 'crédit'],
  date: ['date', 'date valeur', 'date de valeur', 'value date', 'date operation', "date d'opération", 'date opération'],
};
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** "1 250,00", "1,250.00", "-1250", "1250 MAD" -> centimes (absolute value); null when not an amount. */
export function parseAmount(input: string): number | null {
  let s = input.replace(/[\s\u00a0\u202f]/g, '').replace(/(MAD|DH|DHS)$/i, '');
  s = s.replace(/^[-+]/, '').replace(/^\((.*)\)$/, '$1');
  if (!/^[\d.,]+$/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  let whole = s;
  let decimals = '';
  // A separator followed by 1 or 2 digits at the end is the decimal one; others group thousands.
  if (decimalAt >= 0 && s.length - decimalAt - 1 <= 2) {
    whole = s.slice(0, decimalAt);
    decimals = s.slice(decimalAt + 1);
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole || '0') || !/^\d{0,2}$/.test(decimals)) return null;
  return Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
}

/** "2026-11-28", "28/11/2026", "28-11-2026", "28.11.2026" -> "2026-11-28"; null otherwise. */
export function parseStatementDate(input: string): string | null {
  const s = input.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The lines of a bank statement CSV: a header row naming the reference, amount and date columns (in
 * French or English), or no header and those three columns in that order. The separator is the
 * header's (semicolon, tab or comma). Throws when the file is not CSV at all.
 */
export function parseStatement(csv: string): StatementLine[] {
  const text = csv.replace(/^\uFEFF/, '');
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = first.includes(';') ? ';' : first.includes('\t') ? '\t' : ',';
  const parsed = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, bom: true, info: true }) as unknown as Array<{
    record: string[];
    info: { lines: number };
  }>;
  const rows = parsed.map((p) => p.record);
  if (rows.length === 0) return [];
  const header = rows[0]!.map(norm);
  const find = (names: readonly string[]) => header.findIndex((h) => names.includes(h));
  let columns = { reference: find(HEADERS.reference), amount: find(HEADERS.amount), date: find(HEADERS.date) };
  let start = 1;
  if (columns.reference < 0 || columns.amount < 0) {
    // No header: reference, amount, date.
    columns = { reference: 0, amount: 1, date: 2 };
    start = 0;
  }
  const out: StatementLine[] = [];
  parsed.slice(start).forEach(({ record: row, info }) => {
    const cell = (k: number) => (k >= 0 ? (row[k] ?? '') : '');
    const raw = cell(columns.reference);
    if (!raw && !cell(columns.amount)) return;
    out.push({
      line: info.lines,
      reference: (REFERENCE.exec(raw)?.[0] ?? raw).toUpperCase().slice(0, 60),
      cents: parseAmount(cell(columns.amount)),
      date: columns.date >= 0 ? parseStatementDate(cell(columns.date)) : null,
    });
  });
  return out;
}
