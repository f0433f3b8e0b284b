/**
 * Issue 37: backups that restore. A data folder (embedded database and local uploads) with bookings,
 * payments, a chat file and a review is backed up with the server stopped, restored into a fresh data
 * folder, and compared table by table (rows and their md5) and file by file (sha256); the restored
 * folder serves the same data. Refusals: an open database, a restore over a folder in use.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { completedBooking } from '../modules/reviews/reviews.test-helpers';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro } from '../test/factories';
import { backup, BackupError, fingerprintFiles, fingerprintTables, restore } from './backup';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tmp = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `khedma-${name}-`));
  dirs.push(d);
  return d;
};

function multipart(name: string, body: Buffer, type: string) {
  const boundary = `----backup${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// The embedded database only: PostgreSQL is backed up with pg_dump (documented, not ours to test).
describe.skipIf(Boolean(inject('pgServerUrl')))('npm run backup / npm run restore (embedded database and local uploads)', () => {
  it('round-trips a data folder with bookings, payments, chat files and reviews', async () => {
    // A DATA_DIR as the server keeps it: pglite/ (from the template: reference data) and uploads/.
    const dataDir = tmp('data');
    cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), lean: true });
    const app = await buildApp({ config: testConfig({ dataDir, rateLimitScale: 100 }), database });
    await app.ready();
    const t = { app, database };
    const customer = await createCustomer(t);
    const pro = await createPro(t, { city: 'fes', category: 'plumbing' });
    const admin = await createAdmin(t);
    const paid = await createPaidBooking(t, { customer, pro, date: casablancaDate(5) });
    const done = await completedBooking(t, { customer, pro, admin, day: 2 });
    const review = await app.inject({ method: 'POST', url: '/api/reviews', headers: { cookie: customer.cookie }, payload: { bookingId: done.id, rating: 5, title: 'Backed up', comment: 'A review that must survive a restore.' } });
    expect(review.statusCode, review.body).toBe(201);
    const conv = await app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: customer.cookie }, payload: { bookingId: paid.id } });
    expect(conv.statusCode, conv.body).toBe(201);
    const conversationId = conv.json().conversation.id as string;
    const m = multipart('notes.txt', Buffer.from('The tap in the kitchen drips.\n'), 'text/plain');
    const file = await app.inject({ method: 'POST', url: `/api/chat/conversations/${conversationId}/files`, payload: m.payload, headers: { ...m.headers, cookie: customer.cookie } });
    expect(file.statusCode, file.body).toBe(201);

    // While the database is open (a running server), a backup is refused.
    await expect(backup({ pgliteDir: path.join(dataDir, 'pglite'), uploadsDir: path.join(dataDir, 'uploads') }, path.join(tmp('refused'), 'b'))).rejects.toThrow(BackupError);

    // The server stopped (its instance lease row goes with it), then the state to find again.
    await app.close();
    const before = await fingerprintTables(database);
    await database.close();
    const filesBefore = fingerprintFiles(path.join(dataDir, 'uploads'));
    expect(Object.keys(filesBefore).length).toBeGreaterThan(0);
    for (const table of ['public.bookings', 'public.payments', 'public.reviews', 'public.messages', 'public.conversations', 'public.ledger_entries']) {
      expect(before[table]?.rows ?? 0, table).toBeGreaterThan(0);
    }

    const to = path.join(tmp('backups'), 'one');
    const manifest = await backup({ pgliteDir: path.join(dataDir, 'pglite'), uploadsDir: path.join(dataDir, 'uploads') }, to);
    expect(manifest.tables).toEqual(before);
    expect(manifest.files).toEqual(filesBefore);

    // Into a fresh data folder.
    const fresh = tmp('restored');
    const restored = await restore(to, { pgliteDir: path.join(fresh, 'pglite'), uploadsDir: path.join(fresh, 'uploads') });
    expect(restored.createdAt).toBe(manifest.createdAt);
    expect(fingerprintFiles(path.join(fresh, 'uploads'))).toEqual(filesBefore);
    const again = await openDatabase({ dataDir: path.join(fresh, 'pglite'), lean: true });
    try {
      expect(await fingerprintTables(again)).toEqual(before);
      // The restored folder serves the same data: the customer's bookings and the chat file.
      const app2 = await buildApp({ config: testConfig({ dataDir: fresh }), database: again });
      await app2.ready();
      const mine = await app2.inject({ method: 'GET', url: '/api/bookings', headers: { cookie: customer.cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain(paid.id);
      await app2.close();
    } finally {
      await again.close();
    }

    // A restore over a folder that is not empty is refused; --replace moves it aside, never deletes it.
    await expect(restore(to, { pgliteDir: path.join(fresh, 'pglite'), uploadsDir: path.join(fresh, 'uploads') })).rejects.toThrow(/not empty/);
    await restore(to, { pgliteDir: path.join(fresh, 'pglite'), uploadsDir: path.join(fresh, 'uploads') }, { replace: true });
    expect(readdirSync(fresh).filter((n) => n.includes('before-restore')).length).toBe(2);
    expect(existsSync(path.join(fresh, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 240_000);
});
