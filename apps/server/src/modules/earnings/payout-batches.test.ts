/**
 * Payout batches (docs/payments.md "Payout batches"): finance exports pending payouts whose RIB checks
 * out as one bank transfer batch (CSV, PDF), each becomes sent; the bank statement's lines or a click
 * mark them paid, and only then does the ledger move. Who may NOT: customer, professional, reviewer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutReference, proLedgerAccount, ribWithKey } from '@khedma/shared';
import { eq, sql } from 'drizzle-orm';
import { ledgerEntries, payouts, sensitiveAccessLog } from '../../db/schema/index';
import { insertApprovedApplication } from '../../db/people';
import { createAdmin, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { startApp, withCookie, type TestApp } from '../../test/helpers';
import { modulesOf } from '../../app';

const hasPdfToText = spawnSync('pdftotext', ['-v']).status === 0;

let t: TestApp;
let admin: TestUser;
let finance: TestUser;
let reviewer: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await startApp();
  [admin, finance, reviewer, customer] = await Promise.all([
    createAdmin(t),
    createAdmin(t, { roles: ['finance_admin'] }),
    createAdmin(t, { roles: ['application_reviewer'] }),
    createCustomer(t),
  ]);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', cookie: string | null, url: string, payload?: InjectOptions['payload']) =>
  t.app.inject(cookie ? withCookie(cookie, { method, url, payload }) : { method, url, payload });
const db = () => t.database.db;
let ribSeed = 100;
const validRib = () => ribWithKey(`0117800000${String(ribSeed++).padStart(12, '0')}`);

/** A professional with bank details, a released balance of `amount` and a pending payout request of it. */
async function pendingPayout(amount: number, bank: { accountHolder?: string; account?: string } = {}): Promise<{ pro: TestPro; payoutId: string; rib: string }> {
  const pro = await createPro(t, { city: 'fes', category: 'handyman' });
  const rib = bank.account ?? validRib();
  await insertApprovedApplication(db(), pro, { bankName: 'Attijariwafa bank', accountHolder: bank.accountHolder ?? 'Youssef El Amrani', account: rib });
  const transactionId = randomUUID();
  await db().insert(ledgerEntries).values([
    { transactionId, bookingId: null, account: 'escrow', amount: -amount, kind: 'release' },
    { transactionId, bookingId: null, account: proLedgerAccount(pro.professionalId), amount, kind: 'release' },
  ]);
  const res = await call('POST', pro.cookie, '/api/payouts');
  expect(res.statusCode, res.body).toBe(201);
  return { pro, payoutId: res.json().payout.id, rib };
}
const statusOf = async (id: string) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0]!;
async function expectLedgerBalanced() {
  const res = (await db().execute(sql`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`)) as unknown as { rows: Array<{ n: number }> };
  expect(Number(res.rows[0]!.n)).toBe(0);
}

describe('payout batches', () => {
  it('who may NOT: signed out, customer, professional, reviewer, on every batch route', async () => {
    const { pro, payoutId } = await pendingPayout(500);
    const batchId = randomUUID();
    const routes: Array<['GET' | 'POST', string, InjectOptions['payload']?]> = [
      ['GET', '/api/admin/payout-batches'],
      ['POST', '/api/admin/payout-batches', { payoutIds: [payoutId] }],
      ['GET', `/api/admin/payout-batches/${batchId}/csv`],
      ['GET', `/api/admin/payout-batches/${batchId}/pdf`],
      ['POST', '/api/admin/payouts/statement', { csv: `${payoutReference(payoutId)};500;2026-11-28` }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, null, url, payload)).statusCode, url).toBe(401);
      for (const u of [customer, pro, reviewer]) {
        const res = await call(method, u.cookie, url, payload);
        expect(res.statusCode, `${url} as ${u.email}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
    expect((await statusOf(payoutId)).status).toBe('pending');
    // Clean up for the next tests: this one goes out by hand.
    expect((await call('POST', admin.cookie, `/api/admin/payouts/${payoutId}/paid`)).statusCode).toBe(200);
  });

  it('a batch: invalid RIBs stay out with their reason; CSV and PDF; sent; statement import pays matched lines; the ledger moves only then', async () => {
    const a = await pendingPayout(1250);
    const b = await pendingPayout(300, { accountHolder: 'Hélène Benaïssa' });
    const bad = await pendingPayout(400, { account: '011780000000123456789099' });
    const arabic = await pendingPayout(200, { accountHolder: 'يوسف العمراني' });

    // The list says beforehand why a payout cannot go.
    const list = (await call('GET', finance.cookie, '/api/admin/payouts?status=pending')).json();
    const item = (id: string) => list.items.find((i: { id: string }) => i.id === id);
    expect(item(a.payoutId).batchExclusion).toBeNull();
    expect(item(bad.payoutId).batchExclusion).toBe('RIB_INVALID');
    expect(item(arabic.payoutId).batchExclusion).toBe('HOLDER_MISSING');

    const payoutsBefore = await modulesOf(t.app).payments.ledger.balance('payouts');
    const res = await call('POST', finance.cookie, '/api/admin/payout-batches', { payoutIds: [a.payoutId, b.payoutId, bad.payoutId, arabic.payoutId] });
    expect(res.statusCode, res.body).toBe(201);
    const { batch, excluded } = res.json();
    expect(batch).toMatchObject({ count: 2, total: 1550, paidCount: 0 });
    expect(batch.number).toMatch(/^KHV-\d{4}-\d{4}$/);
    expect(excluded).toEqual([
      { payoutId: bad.payoutId, reason: 'RIB_INVALID', message: 'The RIB is not valid (24 digits whose key checks out).' },
      { payoutId: arabic.payoutId, reason: 'HOLDER_MISSING', message: 'The account holder name is missing or not in Latin letters.' },
    ]);
    for (const p of [a, b]) expect(await statusOf(p.payoutId)).toMatchObject({ status: 'sent', reference: payoutReference(p.payoutId), batchId: batch.id, paidAt: null });
    expect((await statusOf(bad.payoutId)).status).toBe('pending');
    // Sent is not paid: nothing moved in the ledger; the professional still cannot ask again.
    expect(await modulesOf(t.app).payments.ledger.balance('payouts')).toBe(payoutsBefore);
    expect(await modulesOf(t.app).payments.ledger.balance(proLedgerAccount(a.pro.professionalId))).toBe(1250);
    expect((await call('POST', a.pro.cookie, '/api/payouts')).json().error.code).toBe('PAYOUT_PENDING');
    const earnings = (await call('GET', a.pro.cookie, '/api/earnings')).json();
    expect(earnings.payouts[0]).toMatchObject({ status: 'sent' });
    expect(earnings.pendingPayouts).toBe(1250);

    // The CSV: one row per transfer, full RIBs; the download is logged.
    const csv = await call('GET', finance.cookie, `/api/admin/payout-batches/${batch.id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="khedma-${batch.number}.csv"`);
    const rows = csv.body.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(3);
    const youssef = rows.find((r) => r.includes('YOUSSEF'))!;
    expect(youssef).toMatch(
      new RegExp(`^${batch.number};\\d{4}-\\d{2}-\\d{2};2;1550\\.00;[12];YOUSSEF EL AMRANI;${a.rib};1250\\.00;MAD;${payoutReference(a.payoutId)};KHEDMA VERSEMENT ${batch.number}$`),
    );
    expect(csv.body).toContain(`HELENE BENAISSA;${b.rib};300.00;MAD;${payoutReference(b.payoutId)}`);
    expect(csv.body).not.toContain(bad.rib);
    const logged = await db().select().from(sensitiveAccessLog).where(eq(sensitiveAccessLog.recordId, batch.id));
    expect(logged[0]).toMatchObject({ actorId: finance.userId, action: 'view_sensitive', tableName: 'payout_batches' });

    // The PDF, in Arabic and in French, with the transfers as text.
    for (const lang of ['ar', 'fr'] as const) {
      const pdf = await call('GET', finance.cookie, `/api/admin/payout-batches/${batch.id}/pdf?lang=${lang}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (!hasPdfToText) continue;
      const dir = mkdtempSync(path.join(os.tmpdir(), 'khedma-batch-'));
      try {
        writeFileSync(path.join(dir, 'b.pdf'), pdf.rawPayload);
        const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path.join(dir, 'b.pdf'), '-'], { encoding: 'utf8' });
        expect(text).toContain(batch.number);
        expect(text).toContain(payoutReference(a.payoutId));
        expect(text).toContain('HELENE BENAISSA');
        // Arabic words come out one by one (pdftotext marks each as right to left): each is whole, its letters in order.
        if (lang === 'fr') expect(text).toContain('Lot de virements');
        else for (const word of ['دفعة', 'بنكية', 'المستفيد', 'المرجع']) expect(text).toContain(word);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }

    // The statement: a's line matches; b's amount is wrong; an unknown reference; an unreadable line.
    const statement = [
      'Date valeur;Libellé;Débit',
      `28/11/2026;"VIR ${payoutReference(a.payoutId)} YOUSSEF";-1 250,00`,
      `28/11/2026;VIR ${payoutReference(b.payoutId)};-301,00`,
      '28/11/2026;VIR KHP000000000000;-100,00',
      `28/11/2026;${payoutReference(bad.payoutId)};-400,00`,
      '28/11/2026;FRAIS;abc',
    ].join('\r\n');
    const imported = await call('POST', finance.cookie, '/api/admin/payouts/statement', { csv: statement });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      paid: [{ line: 2, payoutId: a.payoutId, reference: payoutReference(a.payoutId), amount: 1250 }],
      unmatched: [
        { line: 3, reference: payoutReference(b.payoutId), amount: 301, date: '2026-11-28', issue: 'AMOUNT_MISMATCH' },
        { line: 4, reference: 'KHP000000000000', amount: 100, date: '2026-11-28', issue: 'UNKNOWN_REFERENCE' },
        { line: 5, reference: payoutReference(bad.payoutId), amount: 400, date: '2026-11-28', issue: 'UNKNOWN_REFERENCE' },
        { line: 6, reference: 'FRAIS', amount: null, date: '2026-11-28', issue: 'UNREADABLE' },
      ],
    });
    expect(await statusOf(a.payoutId)).toMatchObject({ status: 'paid', statementDate: '2026-11-28', paidBy: finance.userId });
    expect((await statusOf(b.payoutId)).status).toBe('sent');
    expect(await modulesOf(t.app).payments.ledger.balance(proLedgerAccount(a.pro.professionalId))).toBe(0);
    expect(await modulesOf(t.app).payments.ledger.balance('payouts')).toBe(payoutsBefore + 1250);

    // The same statement again pays nothing twice.
    const again = (await call('POST', finance.cookie, '/api/admin/payouts/statement', { csv: statement })).json();
    expect(again.paid).toEqual([]);
    expect(again.unmatched[0]).toMatchObject({ line: 2, issue: 'ALREADY_PAID' });
    expect(await modulesOf(t.app).payments.ledger.balance('payouts')).toBe(payoutsBefore + 1250);

    // One by one: b is marked paid by hand.
    expect((await call('POST', admin.cookie, `/api/admin/payouts/${b.payoutId}/paid`)).statusCode).toBe(200);
    const batches = (await call('GET', finance.cookie, '/api/admin/payout-batches')).json();
    expect(batches.items.find((x: { id: string }) => x.id === batch.id)).toMatchObject({ count: 2, paidCount: 2, total: 1550 });
    await expectLedgerBalanced();

    // Only the bad and Arabic-named payouts are left pending: none can go.
    const empty = await call('POST', finance.cookie, '/api/admin/payout-batches', { payoutIds: [bad.payoutId, arabic.payoutId, a.payoutId] });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toMatchObject({ code: 'PAYOUT_BATCH_EMPTY', fields: { [bad.payoutId]: expect.any(String), [a.payoutId]: 'Not pending: already in a batch or paid.' } });
    for (const p of [bad, arabic]) await call('POST', admin.cookie, `/api/admin/payouts/${p.payoutId}/paid`);
  });

  it('a double click sends once: two requests at once for the same payouts make one batch', async () => {
    const a = await pendingPayout(700);
    const b = await pendingPayout(800);
    const body = { payoutIds: [a.payoutId, b.payoutId] };
    const [r1, r2] = await Promise.all([call('POST', finance.cookie, '/api/admin/payout-batches', body), call('POST', finance.cookie, '/api/admin/payout-batches', body)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    const made = [r1, r2].find((r) => r.statusCode === 201)!.json().batch;
    expect(made).toMatchObject({ count: 2, total: 1500 });
    for (const p of [a, b]) expect((await statusOf(p.payoutId)).batchId).toBe(made.id);
    const res = (await db().execute(sql`select count(*)::int as n from payout_batches where id in (select batch_id from payouts where id in (${a.payoutId}, ${b.payoutId}))`)) as unknown as { rows: Array<{ n: number }> };
    expect(Number(res.rows[0]!.n)).toBe(1);
  });

  it('bad input is a 400, an unknown batch a 404', async () => {
    expect((await call('POST', finance.cookie, '/api/admin/payout-batches', { payoutIds: [] })).statusCode).toBe(400);
    expect((await call('POST', finance.cookie, '/api/admin/payout-batches', { payoutIds: ['nope'] })).statusCode).toBe(400);
    expect((await call('GET', finance.cookie, `/api/admin/payout-batches/${randomUUID()}/csv`)).statusCode).toBe(404);
    expect((await call('POST', finance.cookie, '/api/admin/payouts/statement', { csv: '\n\n' })).json().error.code).toBe('VALIDATION_FAILED');
    const unclosed = await call('POST', finance.cookie, '/api/admin/payouts/statement', { csv: 'ref;amount\n"KHP;1' });
    expect(unclosed.statusCode).toBe(400);
  });
});
