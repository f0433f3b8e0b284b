import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storageContract } from './storage.contract';
import { assertValidKey, LocalDiskStorage } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'khedma-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = new LocalDiskStorage(path.join(root, 'uploads'), 'x'.repeat(40));

describe('local disk storage', () => {
  it('stores, reads and deletes a file with its content type', async () => {
    await storage.put('avatars/u1/a.webp', Buffer.from('abc'), 'image/webp');
    expect(await storage.get('avatars/u1/a.webp')).toEqual({ body: Buffer.from('abc'), contentType: 'image/webp', size: 3, visibility: 'private' });
    await storage.delete('avatars/u1/a.webp');
    expect(await storage.get('avatars/u1/a.webp')).toBeNull();
    await storage.delete('avatars/u1/a.webp'); // deleting twice is fine
  });

  it.each(['../x/y', 'a/../../etc/passwd', '/etc/passwd', 'a//b', 'a/./b', 'a\\b/c', 'single', '', 'a/.hidden', 'a/b c', 'a/%2e%2e'])(
    'refuses the key %j',
    (key) => {
      expect(() => assertValidKey(key)).toThrow();
    },
  );

  it('signed URLs verify for their key until they expire', async () => {
    const url = new URL(await storage.signedUrl('documents/u1/id.pdf', 60), 'http://x');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(url.pathname).toBe('/api/files/signed/documents/u1/id.pdf');
    expect(storage.verifySignature('documents/u1/id.pdf', expires, signature)).toBe(true);
    expect(storage.verifySignature('documents/u2/id.pdf', expires, signature)).toBe(false);
    expect(storage.verifySignature('documents/u1/id.pdf', Number(expires) + 1, signature)).toBe(false);
    expect(storage.verifySignature('documents/u1/id.pdf', 1000, signature)).toBe(false);
    const other = new LocalDiskStorage(path.join(root, 'uploads'), 'y'.repeat(40));
    expect(other.verifySignature('documents/u1/id.pdf', expires, signature)).toBe(false);
  });
});

// The local disk's signed URLs are served by this server (GET /api/files/signed/...): check them as that route does.
storageContract('local disk', () => ({
  storage,
  async readSignedUrl(url) {
    const u = new URL(url, 'http://x');
    const key = decodeURIComponent(u.pathname.replace('/api/files/signed/', ''));
    if (!storage.verifySignature(key, u.searchParams.get('expires') ?? '', u.searchParams.get('signature') ?? '')) return null;
    return (await storage.get(key))?.body ?? null;
  },
}));
