import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/**
 * File storage (avatars, application documents, chat files). Keys look like
 * `avatars/{userId}/{random}.webp`; nothing outside the storage root can be named by a key.
 * The development and default implementation keeps files on the local disk under DATA_DIR/uploads;
 * an object-store implementation (S3 and the like) fits the same interface.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** A same-origin URL that serves the file to whoever holds it, until it expires. */
  signedUrl(key: string, ttlSeconds: number): string;
  /** Checks the query of a signed URL for `key`. */
  verifySignature(key: string, expires: string | number, signature: string): boolean;
}

export class InvalidStorageKeyError extends Error {}

// Segments of letters, digits, dot, dash and underscore; no empty, "." or ".." segment, no leading dot.
const SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Throws unless `key` is a safe relative key (no traversal, no absolute path, no odd characters). */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError('Invalid storage key');
  const segments = key.split('/');
  if (segments.length < 2) throw new InvalidStorageKeyError('Invalid storage key');
  for (const s of segments) {
    if (!SEGMENT_RE.test(s) || s.includes('..')) throw new InvalidStorageKeyError('Invalid storage key');
  }
}

export const SIGNED_FILES_PATH = '/api/files/signed';

/** Random file name part: 32 hex characters. */
export const randomFileId = () => randomBytes(16).toString('hex');

export class LocalDiskStorage implements Storage {
  private readonly root: string;
  private readonly signingKey: Buffer;

  constructor(root: string, secret: string) {
    this.root = path.resolve(root);
    // A key derived for this purpose only, so a file signature is never valid as anything else.
    this.signingKey = createHmac('sha256', secret).update('khedma:storage-signing-key').digest();
  }

  private pathFor(key: string) {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    // Defence in depth: the resolved path must stay inside the root.
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError('Invalid storage key');
    return full;
  }

  async put(key: string, body: Buffer, contentType: string) {
    const file = this.pathFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${randomFileId()}.tmp`;
    await writeFile(tmp, body);
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }));
    await rename(tmp, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathFor(key);
    try {
      const [body, meta] = await Promise.all([readFile(file), readFile(`${file}.meta.json`, 'utf8').catch(() => null)]);
      const contentType = meta ? (JSON.parse(meta) as { contentType?: string }).contentType : undefined;
      return { body, contentType: contentType ?? 'application/octet-stream' };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async delete(key: string) {
    const file = this.pathFor(key);
    await rm(file, { force: true });
    await rm(`${file}.meta.json`, { force: true });
  }

  private sign(key: string, expires: number) {
    return createHmac('sha256', this.signingKey).update(`${key}\n${expires}`).digest('base64url');
  }

  signedUrl(key: string, ttlSeconds: number) {
    assertValidKey(key);
    const expires = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds));
    return `${SIGNED_FILES_PATH}/${key}?expires=${expires}&signature=${this.sign(key, expires)}`;
  }

  verifySignature(key: string, expires: string | number, signature: string) {
    try {
      assertValidKey(key);
    } catch {
      return false;
    }
    const exp = Number(expires);
    if (!Number.isInteger(exp) || exp < Math.floor(Date.now() / 1000)) return false;
    const expected = Buffer.from(this.sign(key, exp));
    const given = Buffer.from(String(signature));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

export function createStorage(config: Pick<Config, 'dataDir' | 'authSecret'>): Storage {
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'), config.authSecret);
}
