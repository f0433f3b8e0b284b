/** The bulk transfer CSV and the bank statement reader (docs/payments.md "Payout batches"). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { bankText, batchEligibility, isValidRib, payoutReference, ribOf, ribWithKey } from '@khedma/shared';
import { propertyTimeout } from '../../test/property';
import { BATCH_CSV_COLUMNS, bankAmount, batchCsv, parseAmount, parseStatement, parseStatementDate } from './payout-batch-files';

const RIB = ribWithKey('0117800000001234567890');

describe('RIB check before a batch', () => {
  it('24 digits whose key is the number modulo 97; an IBAN gives its RIB', () => {
    // Computed here independently: 97 - (first 22 digits * 100 mod 97).
    const first22 = '0117800000001234567890';
    const key = 97 - Number((BigInt(first22) * 100n) % 97n);
    expect(RIB).toBe(first22 + String(key).padStart(2, '0'));
    expect(isValidRib(RIB)).toBe(true);
    expect(isValidRib(RIB.slice(0, 22) + String((key + 1) % 100).padStart(2, '0'))).toBe(false);
    expect(isValidRib(RIB.slice(1))).toBe(false);
    expect(ribOf(`MA64 ${RIB}`)).toBe(RIB);
  });

  it('any single changed digit makes the key fail (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const digits = RIB.split('');
        digits[at] = String((Number(digits[at]) + delta) % 10);
        expect(isValidRib(digits.join(''))).toBe(false);
      }),
      { numRuns: 200 },
    );
  }, propertyTimeout({ runs: 200, perRunMs: 100 }));

  it('eligibility: pending, bank details, a valid RIB, a holder name in Latin letters', () => {
    const bank = { accountHolder: 'Youssef El Amrani', bankAccountIban: RIB };
    expect(batchEligibility({ status: 'pending', bank })).toEqual({ ok: true, rib: RIB, holder: 'YOUSSEF EL AMRANI' });
    expect(batchEligibility({ status: 'sent', bank })).toEqual({ ok: false, reason: 'NOT_PENDING' });
    expect(batchEligibility({ status: 'pending', bank: null })).toEqual({ ok: false, reason: 'NO_BANK_DETAILS' });
    expect(batchEligibility({ status: 'pending', bank: { ...bank, bankAccountIban: '111111111111111111111111' } })).toEqual({ ok: false, reason: 'RIB_INVALID' });
    expect(batchEligibility({ status: 'pending', bank: { ...bank, accountHolder: 'يوسف العمراني' } })).toEqual({ ok: false, reason: 'HOLDER_MISSING' });
  });

  it('bank text: accents dropped, capitals, 35 characters at most', () => {
    expect(bankText('Hélène Œuvre-Benaïssa')).toBe('HELENE OEUVRE-BENAISSA');
    expect(bankText('a;b"c\nd')).toBe('A B C D');
    expect(bankText('x'.repeat(50))).toHaveLength(35);
  });
});

describe('the bulk transfer CSV', () => {
  const lines = [
    { holder: 'Youssef El Amrani', rib: RIB, amount: 1250, reference: payoutReference('3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e') },
    { holder: 'Salma "Bennani"; SARL', rib: ribWithKey('2301234567891234567890'), amount: 300, reference: payoutReference('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee') },
  ];
  const csv = batchCsv({ number: 'KHV-2026-0007', executionDate: '2026-11-30' }, lines);

  it('a header row, one row per transfer, semicolons and CRLF, ASCII only', () => {
    const rows = csv.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(BATCH_CSV_COLUMNS.join(';'));
    expect(rows[1]).toBe(`KHV-2026-0007;2026-11-30;2;1550.00;1;YOUSSEF EL AMRANI;${RIB};1250.00;MAD;KHP3F2A9C1E7B4D;KHEDMA VERSEMENT KHV-2026-0007`);
    expect(rows).toHaveLength(3);
    expect(/^[\x20-\x7e\r\n]*$/.test(csv)).toBe(true);
  });

  it('reads back as the same table (a CSV reader agrees): names never break a column', () => {
    const table = parse(csv, { delimiter: ';' }) as string[][];
    expect(table[2]).toEqual(['KHV-2026-0007', '2026-11-30', '2', '1550.00', '2', 'SALMA BENNANI SARL', lines[1]!.rib, '300.00', 'MAD', 'KHPAAAAAAAABBBB', 'KHEDMA VERSEMENT KHV-2026-0007']);
    for (const row of table) expect(row).toHaveLength(BATCH_CSV_COLUMNS.length);
  });

  it('amounts: whole MAD with two decimals', () => {
    expect(bankAmount(1250)).toBe('1250.00');
    expect(payoutReference('3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e')).toBe('KHP3F2A9C1E7B4D');
  });
});

describe('the bank statement', () => {
  it('amounts and dates in the formats statements use', () => {
    expect(parseAmount('1 250,00')).toBe(125000);
    expect(parseAmount('1,250.00')).toBe(125000);
    expect(parseAmount('-1250')).toBe(125000);
    expect(parseAmount('1250 MAD')).toBe(125000);
    expect(parseAmount('1.250,5')).toBe(125050);
    expect(parseAmount('abc')).toBeNull();
    expect(parseStatementDate('28/11/2026')).toBe('2026-11-28');
    expect(parseStatementDate('2026-11-28')).toBe('2026-11-28');
    expect(parseStatementDate('31/02/2026')).toBeNull();
  });

  it('a header in French, quoted cells, the reference found inside the label, line numbers of the file', () => {
    const csv = '\uFEFFDate valeur;Libellé;Débit\r\n28/11/2026;"VIR KHP3F2A9C1E7B4D YOUSSEF; EL";-1 250,00\r\n\r\n29/11/2026;FRAIS;15,00\r\n';
    expect(parseStatement(csv)).toEqual([
      { line: 2, reference: 'KHP3F2A9C1E7B4D', cents: 125000, date: '2026-11-28' },
      { line: 4, reference: 'FRAIS', cents: 1500, date: '2026-11-29' },
    ]);
  });

  it('no header: reference, amount, date; commas', () => {
    expect(parseStatement('KHP3F2A9C1E7B4D,1250,2026-11-28\nKHPAAAAAAAABBBB,300.00,bad')).toEqual([
      { line: 1, reference: 'KHP3F2A9C1E7B4D', cents: 125000, date: '2026-11-28' },
      { line: 2, reference: 'KHPAAAAAAAABBBB', cents: 30000, date: null },
    ]);
  });
});
