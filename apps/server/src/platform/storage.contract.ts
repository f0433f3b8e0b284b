/**
 * The storage contract (docs/decisions/0013-storage-contract.md): what every Storage implementation
 * must do, as one suite each implementation runs (storage.test.ts: the local disk; storage-s3.test.ts:
 * S3 against an in-process S3 server). `readSignedUrl` fetches a signed URL the way a client would and answers
 * the bytes, or null when the URL is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, randomFileId, type Storage } from './storage';

export interface StorageUnderTest {
  storage: Storage;
  readSignedUrl(url: string): Promise<Buffer | null>;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A stream of `size` pseudo-random bytes in 64 KB chunks, and their SHA-256. */
function bigStream(size: number): { stream: Readable; sha256: string } {
  const data = randomBytes(size);
  let offset = 0;
  const stream = new Readable({
    read() {
      if (offset >= data.length) return this.push(null);
      this.push(data.subarray(offset, offset + 65_536));
      offset += 65_536;
    },
  });
  return { stream, sha256: createHash('sha256').update(data).digest('hex') };
}

export function storageContract(name: string, setup: () => StorageUnderTest) {
  describe(`storage contract: ${name}`, () => {
    const key = (prefix = 'contract') => `${prefix}/${randomFileId()}/${randomFileId()}.bin`;

    it('stores, reads, describes and deletes an object; a missing one is null; deleting twice is fine', async () => {
      const { storage } = setup();
      const k = key();
      await storage.put(k, Buffer.from('hello'), { contentType: 'text/plain' });
      expect(await storage.get(k)).toEqual({ body: Buffer.from('hello'), contentType: 'text/plain', size: 5, visibility: 'private' });
      expect(await storage.head(k)).toEqual({ contentType: 'text/plain', size: 5, visibility: 'private' });
      await storage.put(k, Buffer.from('replaced!'), 'text/markdown');
      expect(await storage.head(k)).toEqual({ contentType: 'text/markdown', size: 9, visibility: 'private' });
      await storage.delete(k);
      expect(await storage.get(k)).toBeNull();
      expect(await storage.head(k)).toBeNull();
      expect(await storage.getStream(k)).toBeNull();
      await storage.delete(k);
    });

    it('streams writes and reads: 3 MB in, the same 3 MB out', async () => {
      const { storage } = setup();
      const k = key('chat');
      const { stream, sha256 } = bigStream(3 * 1024 * 1024);
      await storage.put(k, stream, { contentType: 'application/pdf' });
      const read = await storage.getStream(k);
      expect(read).toMatchObject({ contentType: 'application/pdf', size: 3 * 1024 * 1024, visibility: 'private' });
      expect(read!.stream).toBeInstanceOf(Readable);
      expect(createHash('sha256').update(await readAll(read!.stream)).digest('hex')).toBe(sha256);
      await storage.delete(k);
    });

    it('a write whose stream fails leaves no object (and the old one, if any, untouched)', async () => {
      const { storage } = setup();
      const k = key();
      await storage.put(k, Buffer.from('old'), 'text/plain');
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put(k, failing, 'text/plain')).rejects.toThrow();
      expect((await storage.get(k))?.body.toString()).toBe('old');
      const fresh = key();
      const failingAgain = new Readable({ read() { this.destroy(new Error('client went away')); } });
      await expect(storage.put(fresh, failingAgain, 'text/plain')).rejects.toThrow();
      expect(await storage.head(fresh)).toBeNull();
    });

    it('objects are private unless put public: only a public one has a public URL', async () => {
      const { storage } = setup();
      const priv = key();
      const pub = key('avatars');
      await storage.put(priv, Buffer.from('secret'), 'text/plain');
      await storage.put(pub, Buffer.from('face'), { contentType: 'image/webp', visibility: 'public' });
      expect((await storage.head(pub))?.visibility).toBe('public');
      expect(await storage.publicUrl(pub)).toContain(pub);
      await expect(storage.publicUrl(priv)).rejects.toThrow();
      await expect(storage.publicUrl(key())).rejects.toThrow();
    });

    it('signed URLs are async, serve their object, and no other', async () => {
      const { storage, readSignedUrl } = setup();
      const k = key('documents');
      await storage.put(k, Buffer.from('%PDF-1.4 id card'), 'application/pdf');
      const pending = storage.signedUrl(k, 60);
      expect(pending).toBeInstanceOf(Promise);
      const url = await pending;
      expect((await readSignedUrl(url))?.toString()).toBe('%PDF-1.4 id card');
      // The same signature for another key is refused.
      const other = key('documents');
      await storage.put(other, Buffer.from('someone else'), 'application/pdf');
      expect(await readSignedUrl(url.replace(k, other))).toBeNull();
      // Tampered signature.
      // (the local disk's `signature`, S3's `X-Amz-Signature`).
      const tampered = url.replace(/([?&](?:signature|X-Amz-Signature)=)[^&]+/i, '$1AAAA');
      expect(tampered).not.toBe(url);
      expect(await readSignedUrl(tampered)).toBeNull();
    });

    it('refuses keys that could leave the store or collide with its own files, in every operation', async () => {
      const { storage } = setup();
      for (const bad of ['../x/y', 'a/../../etc/passwd', '/etc/passwd', 'single', '', 'a/b c', 'a/x.meta.json', 'a/x.tmp']) {
        await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.get(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.getStream(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.signedUrl(bad, 60)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
    });
  });
}
