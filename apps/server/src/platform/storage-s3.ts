/**
 * The Storage interface (storage.ts) on S3 or any S3-compatible object store (MinIO, Cloudflare R2,
 * Scaleway, OVH...), with AWS's own SDK v3: @aws-sdk/client-s3 for the calls, @aws-sdk/lib-storage for
 * streamed writes (a multipart upload for large bodies, aborted if the stream fails, so no half
 * object is ever visible) and @aws-sdk/s3-request-presigner for signed URLs. Well kept, maintained by
 * AWS, and what every S3-compatible store tests against. Selected by S3_BUCKET (config.ts); the
 * same contract tests as the local disk (storage-s3.test.ts, against an in-process S3 server).
 *
 * - Visibility is kept in the object's metadata (x-amz-meta-visibility); the bucket stays private:
 *   a public object's URL is this server's /api/files/public/{key}, which reads it from the store
 *   (the same URL as on the local disk, so pages and caches do not change with the backend).
 * - Signed URLs are the store's own presigned GET URLs: the browser fetches the file from the store,
 *   not through this server; verifySignature is therefore always false here.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { S3Config } from '../config';
import {
  assertValidKey,
  PrivateObjectError,
  PUBLIC_FILES_PATH,
  type PutOptions,
  type Storage,
  type StoredFile,
  type StoredObjectInfo,
  type StoredStream,
  type Visibility,
} from './storage';

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound'));

const visibilityOf = (metadata: Record<string, string> | undefined): Visibility => (metadata?.visibility === 'public' ? 'public' : 'private');

export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config, client?: S3Client) {
    this.bucket = config.bucket;
    this.client =
      client ??
      new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        ...(config.credentials ? { credentials: config.credentials } : {}),
        // Checksums on every request only where the store asks for them (S3-compatible stores differ).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  async put(key: string, body: Buffer | Uint8Array | Readable, options: PutOptions | string) {
    assertValidKey(key);
    const { contentType, visibility } = typeof options === 'string' ? { contentType: options, visibility: 'private' as const } : { contentType: options.contentType, visibility: options.visibility ?? 'private' };
    // One PutObject for a small body, a multipart upload for a large one; a stream that fails aborts
    // the upload, and the object (new or old) is only ever replaced whole.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, Metadata: { visibility } },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    if (body instanceof Readable) {
      // lib-storage reads the stream; make its failure the upload's failure.
      body.once('error', () => void upload.abort().catch(() => {}));
    }
    await upload.done();
  }

  private async getObject(key: string): Promise<GetObjectCommandOutput | null> {
    assertValidKey(key);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { contentType: h.ContentType ?? 'application/octet-stream', size: Number(h.ContentLength ?? 0), visibility: visibilityOf(h.Metadata) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const o = await this.getObject(key);
    if (!o?.Body) return null;
    const body = Buffer.from(await o.Body.transformToByteArray());
    return { body, contentType: o.ContentType ?? 'application/octet-stream', size: body.length, visibility: visibilityOf(o.Metadata) };
  }

  async getStream(key: string): Promise<StoredStream | null> {
    const o = await this.getObject(key);
    if (!o?.Body) return null;
    const stream = o.Body instanceof Readable ? o.Body : Readable.fromWeb(o.Body.transformToWebStream() as never);
    return { stream, contentType: o.ContentType ?? 'application/octet-stream', size: Number(o.ContentLength ?? 0), visibility: visibilityOf(o.Metadata) };
  }

  async delete(key: string) {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  /**
   * A presigned GET served by the store itself, so without this server's headers: the URL pins the
   * answer's Content-Type to the type stored at upload (checked by its bytes then) and its
   * Content-Disposition, inline only for images and PDF, an attachment for anything else (a text
   * file is never rendered as a page of the store's origin).
   */
  async signedUrl(key: string, ttlSeconds: number) {
    assertValidKey(key);
    const type = (await this.head(key))?.contentType ?? 'application/octet-stream';
    const inline = /^image\/(png|jpeg|webp|gif|avif)$|^application\/pdf$/.test(type);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentType: type, ResponseContentDisposition: inline ? 'inline' : 'attachment' });
    return getSignedUrl(this.client, command, { expiresIn: Math.max(1, Math.floor(ttlSeconds)) });
  }

  async publicUrl(key: string) {
    const info = await this.head(key);
    if (!info || info.visibility !== 'public') throw new PrivateObjectError('Not a public object');
    return `${PUBLIC_FILES_PATH}/${key}`;
  }

  verifySignature() {
    return false;
  }
}
