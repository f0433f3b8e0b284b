/**
 * The S3 implementation of Storage (storage-s3.ts) under the same contract as the local disk
 * (storage.contract.ts), against an S3 server running in this process: @20minutes/s3rver, the
 * maintained fork of s3rver (a Koa implementation of the S3 REST API on the file system that checks
 * AWS signature v4 on requests and presigned URLs). No Docker and no binary to download, so it runs in
 * `npm test` and CI; a real store (MinIO, AWS) is the same code through S3_ENDPOINT.
 */
import S3rver from '@20minutes/s3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { createStorage } from './create-storage';
import { PrivateObjectError } from './storage';
import { storageContract } from './storage.contract';
import { S3Storage } from './storage-s3';

const BUCKET = 'khedma-test';
const dir = mkdtempSync(path.join(os.tmpdir(), 'khedma-s3-'));
let server: S3rver;
let storage: S3Storage;

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = (await server.run()) as AddressInfo;
  storage = new S3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  storage?.client.destroy();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The store's presigned URLs are fetched from the store itself, as a browser would.
storageContract('S3 (in-process S3 server)', () => ({
  storage,
  async readSignedUrl(url) {
    const res = await fetch(url);
    if (!res.ok) return null;
    return Buffer.from(await res.arrayBuffer());
  },
}));

describe('S3 storage selection and specifics', () => {
  it('S3_BUCKET selects the object store, with path-style addressing for an S3_ENDPOINT', () => {
    const config = configFromEnv({ NODE_ENV: 'test', S3_BUCKET: 'khedma-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    expect(config.s3).toEqual({ bucket: 'khedma-files', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
    expect(configFromEnv({ NODE_ENV: 'test' }).s3).toBeUndefined();
    expect(() => configFromEnv({ NODE_ENV: 'test', S3_BUCKET: 'k', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_BUCKET|S3_ACCESS_KEY_ID/);
  });

  it('signed URLs are the store own and expire; this server never vouches for them', async () => {
    const key = 'documents/u1/id.pdf';
    await storage.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    const url = new URL(await storage.signedUrl(key, 60));
    expect(url.pathname).toBe(`/${BUCKET}/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(storage.verifySignature()).toBe(false);
    await expect(storage.publicUrl(key)).rejects.toBeInstanceOf(PrivateObjectError);
  });

  it('a signed URL pins the stored type and the disposition: inline for images and PDF, an attachment otherwise', async () => {
    await storage.put('chat/c1/photo.png', Buffer.from('png bytes'), 'image/png');
    await storage.put('chat/c1/notes.txt', Buffer.from('<script>alert(1)</script>'), 'text/plain');
    const photo = await fetch(await storage.signedUrl('chat/c1/photo.png', 60));
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('content-disposition')).toBe('inline');
    const notes = await fetch(await storage.signedUrl('chat/c1/notes.txt', 60));
    expect(notes.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(notes.headers.get('content-disposition')).toBe('attachment');
  });
});
