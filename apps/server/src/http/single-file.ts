import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The one file of an upload (avatar, application document, chat file), read whole. `req.file()` takes
 * the first file and leaves whatever follows unread, so a body with five files was answered as if it
 * had one (found by uploads-abuse.test.ts, issue 28). Here every part is read: a second file is the
 * parser's FST_FILES_LIMIT (the routes allow one file: 413 "Too many files."), too many fields its
 * FST_PARTS_LIMIT, both refused by the error handler before anything is stored. A read error of the
 * file itself (too large) is kept for the route, which answers it with its own message.
 */
export async function singleFile(req: FastifyRequest): Promise<MultipartFile | undefined> {
  let first: MultipartFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (first) throw Object.assign(new Error('Too many files.'), { code: 'FST_FILES_LIMIT', statusCode: 413 });
      first = part;
      try {
        await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        part.toBuffer = async () => {
          throw err;
        };
        return part;
      }
    }
  } catch (err) {
    // busboy's own errors (a body cut short, a malformed part header) carry no status: they are the
    // client's, not ours (they were answered 500).
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status && status < 500)) throw err;
    throw new AppError('VALIDATION_FAILED', MALFORMED, { file: MALFORMED });
  }
  return first;
}

const MALFORMED = 'The upload is incomplete or malformed. Please try again.';

/**
 * The one file of an upload read whole into memory, or undefined when the body has no file: a file
 * over the parser's limit (or cut short) is `tooLarge()`. The routes that take one file share it.
 */
export async function singleFileBuffer(req: FastifyRequest, tooLarge: () => Error): Promise<{ buffer: Buffer; filename: string } | undefined> {
  const file = await singleFile(req);
  if (!file) return undefined;
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.file.truncated) throw tooLarge();
  return { buffer, filename: file.filename ?? '' };
}

/**
 * The multipart parser's options for the routes that take one file (of at most `fileMaxBytes`) and a few
 * short fields: one file, `fields` fields of at most 1 KiB, and no other part. Registered in the scope of
 * those routes only; `singleFile` reads the body they bound.
 */
export function oneFileUpload(fileMaxBytes: number, fields: number) {
  return { limits: { fileSize: fileMaxBytes, files: 1, fields, fieldSize: 1024, parts: fields + 1, headerPairs: 100 } };
}

/** What the multipart framing around one file (boundaries, part headers, a few fields) stays well under. */
const MULTIPART_FRAMING_BYTES = 256 * 1024;

/**
 * A route's `preValidation` that refuses an announced oversize body before any of it is read: a
 * `Content-Length` over the file limit plus the framing is `tooLarge()`. A body sent without a length
 * is still cut by the parser's `fileSize` limit while it is read. The upload routes share it.
 */
export function refuseAnnouncedOversize(fileMaxBytes: number, tooLarge: () => Error) {
  const maxBytes = fileMaxBytes + MULTIPART_FRAMING_BYTES;
  return async (req: FastifyRequest): Promise<void> => {
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes) throw tooLarge();
  };
}
