import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';


/**
 * File storage (avatars, application documents, chat files). Keys look like
 * `avatars/{userId}/{random}.webp`; nothing outside the storage root can be named by a key.
 * The development and default implementation keeps files on the local disk under DATA_DIR/uploads;
 * an object store (S3 and the like) implements the same interface and passes the same contract
 * tests (storage.contract.ts). Decision: docs/decisions/0013-storage-contract.md.
 *
 * - Objects are private unless put as `public`: a private object is only reached through a signed,
 *   expiring URL (or by the server reading it); a public one has a stable `publicUrl`.
 * - Signed URLs are async, as an S3 presigner is (it may fetch credentials).
 * - Reads and writes stream: a chat file or a document never has to sit whole in memory.
 */
export type Visibility = 'public' | 'private';

export interface PutOptions {
  contentType: string;
  /** Default `private`. */
  visibility?: Visibility;
}

export interface StoredObjectInfo {
  contentType: string;
  size: number;
  visibility: Visibility;
}

export interface StoredFile extends StoredObjectInfo {
  body: Buffer;
}

export interface StoredStream extends StoredObjectInfo {
  stream: Readable;
}

export interface Storage {
  /** Writes the object whole (a reader sees the old object or the new one, never half). */
  put(key: string, body: Buffer | Uint8Array | Readable, options: PutOptions | string): Promise<void>;
  /** The whole object in memory (small files: avatars); null when there is no such object. */
  get(key: string): Promise<StoredFile | null>;
  /** The object as a stream (chat files, documents); null when there is no such object. */
  getStream(key: string): Promise<StoredStream | null>;
  /** Its content type, size and visibility; null when there is no such object. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A URL that serves the object to whoever holds it, until it expires. */
  signedUrl(key: string, ttlSeconds: number): Promise<string>;
  /** The stable URL of a public object (throws for a private one: see signedUrl). */
  publicUrl(key: string): Promise<string>;
  /**
   * Checks the query of a signed URL for `key`, for an implementation whose signed URLs this server
   * serves (local disk). An object store checks its own URLs: there this answers false.
   */
  verifySignature(key: string, expires: string | number, signature: string): boolean;
}

export class InvalidStorageKeyError extends Error {}
export class PrivateObjectError extends Error {}

// Segments of letters, digits, dot, dash and underscore; no empty, "." or ".." segment, no leading dot.
const SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Throws unless `key` is a safe relative key (no traversal, no absolute path, no odd characters). */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError('Invalid storage key');
  const segments = key.split('/');
  if (segments.length < 2) throw new InvalidStorageKeyError('Invalid storage key');
  for (const s of segments) {
    if (!SEGMENT_RE.test(s) || s.includes('..')) throw new InvalidStorageKeyError('Invalid storage key');
    // The local disk keeps its metadata and partial writes beside the object under these suffixes.
    if (s.endsWith('.meta.json') || s.endsWith('.tmp')) throw new InvalidStorageKeyError('Invalid storage key');
  }
}

export const SIGNED_FILES_PATH = '/api/files/signed';
export const PUBLIC_FILES_PATH = '/api/files/public';

/** Random file name part: 32 hex characters. */
export const randomFileId = () => randomBytes(16).toString('hex');

const putOptions = (o: PutOptions | string): Required<PutOptions> =>
  typeof o === 'string' ? { contentType: o, visibility: 'private' } : { contentType: o.contentType, visibility: o.visibility ?? 'private' };

interface Meta {
  contentType?: string;
  visibility?: Visibility;
}

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

  async put(key: string, body: Buffer | Uint8Array | Readable, options: PutOptions | string) {
    const file = this.pathFor(key);
    const { contentType, visibility } = putOptions(options);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file; a failed stream leaves nothing behind.
    const tmp = `${file}.${randomFileId()}.tmp`;
    try {
      if (body instanceof Readable) await pipeline(body, createWriteStream(tmp));
      else await writeFile(tmp, body);
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType, visibility } satisfies Meta));
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  private async meta(file: string): Promise<{ contentType: string; visibility: Visibility }> {
    const raw = await readFile(`${file}.meta.json`, 'utf8').catch(() => null);
    const m = raw ? (JSON.parse(raw) as Meta) : {};
    return { contentType: m.contentType ?? 'application/octet-stream', visibility: m.visibility === 'public' ? 'public' : 'private' };
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    const file = this.pathFor(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { ...(await this.meta(file)), size: s.size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathFor(key);
    try {
      const [body, meta] = await Promise.all([readFile(file), this.meta(file)]);
      return { body, ...meta, size: body.length };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async getStream(key: string): Promise<StoredStream | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { ...info, stream: createReadStream(this.pathFor(key)) };
  }

  async delete(key: string) {
    const file = this.pathFor(key);
    await rm(file, { force: true });
    await rm(`${file}.meta.json`, { force: true });
  }

  private sign(key: string, expires: number) {
    return createHmac('sha256', this.signingKey).update(`${key}\n${expires}`).digest('base64url');
  }

  async signedUrl(key: string, ttlSeconds: number) {
    assertValidKey(key);
    const expires = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds));
    return `${SIGNED_FILES_PATH}/${key}?expires=${expires}&signature=${this.sign(key, expires)}`;
  }

  async publicUrl(key: string) {
    const info = await this.head(key);
    if (!info || info.visibility !== 'public') throw new PrivateObjectError('Not a public object');
    return `${PUBLIC_FILES_PATH}/${key}`;
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

function isMissing(err: unknown) {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}
